import type { TLanguage } from '@zaryad/contracts';

/**
 * Where a connector sits on a charging station. Keys 1..8 are stored on connectors (1 is the default, docs/product/common.md#9-limits); labels are held by the server so that every client shows the same words.
 */
export const CONNECTOR_POSITION_LABELS: Readonly<Record<TLanguage, readonly string[]>> = {
  ru: ['Слева', 'Справа', 'По центру', 'Спереди', 'Сзади', 'Сверху', 'Снизу', 'Сбоку'],
  en: ['Left', 'Right', 'Centre', 'Front', 'Rear', 'Upper', 'Lower', 'Side'],
  ky: ['Сол жакта', 'Оң жакта', 'Ортодо', 'Алдыда', 'Артта', 'Үстүндө', 'Астында', 'Капталында'],
};

export const CONNECTOR_POSITION_KEYS = [1, 2, 3, 4, 5, 6, 7, 8] as const;
