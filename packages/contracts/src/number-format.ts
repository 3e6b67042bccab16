import type { TLanguage } from './common';

const LANGUAGE_LIST: readonly TLanguage[] = ['ru', 'en', 'ky'];
const toLanguage = (value: unknown): TLanguage => LANGUAGE_LIST.find((language) => language === value) ?? 'ru';

/**
 * The one number formatter of the web apps (issue 31; the dashboard's `apps/web/src/lib/numberFormat.ts` and the
 * drivers' app take it from here, `@zaryad/contracts/number-format`, which imports no zod): every count, sum of som, kWh and percentage a screen shows is
 * written here, by the interface language. English writes `1,234.56`; Russian and Kyrgyz `1 234,56`, thousands apart
 * by a narrow no-break space (U+202F) and a comma before the fraction. Figures are worked on as text and bigints,
 * never as floats: the API's `"1500.00"` or `"35021.610"` is written exactly, however large. A figure and its unit
 * are joined by a no-break space, so a card never wraps the unit to a line of its own.
 *
 * No Intl, no toLocaleString, no toFixed anywhere else in the apps (eslint/no-ad-hoc-number-format.js). Screens take
 * it from their `useNumberFormat`.
 */

/** Thousands apart in Russian and Kyrgyz: a narrow no-break space. */
export const NARROW_NBSP = '\u202f';
/** Between a figure and its unit (`12,5 кВт·ч`, `7 %`): a no-break space. */
export const NBSP = '\u00a0';

/**
 * Digits of kWh after the point: the API counts to the watt-hour (3). Lists and their totals show 2 (a charge's
 * `12,35 кВт·ч`); the dashboard's cards and charts 1 (`723 840,5 кВт·ч`, which fits its card); the reports 3, the
 * digits of their exports, so the screen and the file agree to the last digit.
 */
export const KWH_DIGITS = 2;
export const CARD_KWH_DIGITS = 1;
export const REPORT_KWH_DIGITS = 3;

/**
 * The units a figure is written with, by language (issue 33, item 5; the glossary in locales/glossary.ts): Russian
 * `кВт`, `кВт·ч`; English `kW`, `kWh`; Kyrgyz `кВт` and `кВт·саат`, the hour being «саат» (the regulator writes
 * «кВт.саат», the news «киловатт-саат»; «кВт·ч» would be the Russian «час», «кВт·с» a kilowatt-second).
 */
export type TUnits = { kw: string; kwh: string; som: string; somPerKwh: string };
export const UNITS: Record<TLanguage, TUnits> = {
  ru: { kw: 'кВт', kwh: 'кВт·ч', som: 'сом', somPerKwh: 'сом/кВт·ч' },
  en: { kw: 'kW', kwh: 'kWh', som: 'som', somPerKwh: 'som/kWh' },
  ky: { kw: 'кВт', kwh: 'кВт·саат', som: 'сом', somPerKwh: 'сом/кВт·саат' },
};

type TSeparators = { group: string; decimal: string; percent: string };
const SEPARATORS: Record<TLanguage, TSeparators> = {
  en: { group: ',', decimal: '.', percent: '%' },
  ru: { group: NARROW_NBSP, decimal: ',', percent: `${NBSP}%` },
  ky: { group: NARROW_NBSP, decimal: ',', percent: `${NBSP}%` },
};

/** An exact decimal: its sign, its digits as a whole and the number of them after the point. */
type TDecimal = { negative: boolean; digits: bigint; scale: number };

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d*))?$/;

/** A JS number as exact text: the shortest text that reads back as it (`0.1 + 0.2` is `0.30000000000000004`). */
const numberText = (value: number): string | null => {
  if (!Number.isFinite(value)) {
    return null;
  }
  const text = String(value);
  if (!text.includes('e')) {
    return text;
  }
  // 1e21 and above are whole; below 1e-6 is as good as 0 for a screen.
  return Math.abs(value) >= 1 ? BigInt(value).toString() : '0';
};

const parse = (value: string | number | bigint): TDecimal | null => {
  const text = typeof value === 'number' ? numberText(value) : typeof value === 'bigint' ? String(value) : value.trim();
  const match = text === null ? null : DECIMAL.exec(text);
  if (!match) {
    return null;
  }
  const [, sign = '', whole = '0', fraction = ''] = match;
  return { negative: sign === '-', digits: BigInt(`${whole}${fraction}`), scale: fraction.length };
};

const TEN = 10n;

/** Rounded half away from zero to `scale` digits after the point (the API's and the reports' rule). */
const round = (decimal: TDecimal, scale: number): TDecimal => {
  if (decimal.scale <= scale) {
    return { ...decimal, digits: decimal.digits * TEN ** BigInt(scale - decimal.scale), scale };
  }
  const divisor = TEN ** BigInt(decimal.scale - scale);
  const quotient = decimal.digits / divisor;
  const rest = decimal.digits % divisor;
  return { ...decimal, digits: rest * 2n >= divisor ? quotient + 1n : quotient, scale };
};

/** Trailing zeros after the point dropped (`12.50` → `12.5`, `7.00` → `7`). */
const trim = (decimal: TDecimal): TDecimal => {
  let { digits, scale } = decimal;
  while (scale > 0 && digits % TEN === 0n) {
    digits /= TEN;
    scale -= 1;
  }
  return { ...decimal, digits, scale };
};

const groupWhole = (whole: string, group: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);

const write = (decimal: TDecimal, separators: TSeparators, sign: 'minus' | 'always' = 'minus'): string => {
  const text = decimal.digits.toString().padStart(decimal.scale + 1, '0');
  const whole = text.slice(0, text.length - decimal.scale);
  const fraction = text.slice(text.length - decimal.scale);
  const isZero = decimal.digits === 0n;
  // `-0,00` reads as a debt: a figure that rounds to zero has no sign.
  const prefix = isZero ? '' : decimal.negative ? '-' : sign === 'always' ? '+' : '';
  return `${prefix}${groupWhole(whole, separators.group)}${fraction === '' ? '' : `${separators.decimal}${fraction}`}`;
};

export type TFigure = string | number | bigint;

export type TNumberFormat = {
  language: TLanguage;
  /** A whole count: `201 309` / `201,309`. A fraction is rounded away. */
  count: (value: TFigure) => string;
  /**
   * A decimal as it came (`"35021.610"` → `35 021,610`), or to exactly `digits` digits after the point, rounded
   * half away from zero; `maxDigits` rounds and drops trailing zeros.
   */
  decimal: (value: TFigure, options?: { digits?: number; maxDigits?: number }) => string;
  /** Som with 2 digits: `"-1500.00"` → `-1 500,00` / `-1,500.00`. */
  money: (value: TFigure) => string;
  /** kWh, `digits` after the point (2 unless told): `"723840.456"` → `723 840,46`. The unit is the caller's. */
  kwh: (value: TFigure, digits?: number) => string;
  /** A percentage, up to `maxDigits` (1) digits after the point, with its sign: `7 %` / `7%`, `12,5 %`. */
  percent: (value: TFigure, maxDigits?: number) => string;
  /** A change in percent, signed: `+12,5 %`, `-3 %`, `0 %`. */
  change: (value: TFigure, maxDigits?: number) => string;
  /** A written figure and its unit on one line: `12,5 кВт·ч`. */
  unit: (written: string, unit: string) => string;
  /** The language's units (`UNITS`): a column title or a chart's axis writes `units.kwh`. */
  units: TUnits;
  /** kWh with its unit: `12,35 кВт·ч` / `12.35 kWh` / `12,35 кВт·саат` (`digits` as `kwh`). */
  energy: (value: TFigure, digits?: number) => string;
  /** A power in kW with its unit, up to 2 digits after the point: `7,4 кВт` / `7.4 kW`. */
  power: (value: TFigure) => string;
};

const make = (language: TLanguage): TNumberFormat => {
  const separators = SEPARATORS[language];
  const withParsed =
    (format: (decimal: TDecimal) => string) =>
    (value: TFigure): string => {
      const decimal = parse(value);
      // Text that is no number (`—`, an unexpected answer) is shown as it came rather than as a wrong figure.
      return decimal === null ? String(value) : format(decimal);
    };
  const percent = (value: TFigure, maxDigits = 1, sign: 'minus' | 'always' = 'minus') =>
    withParsed((decimal) => `${write(trim(round(decimal, maxDigits)), separators, sign)}${separators.percent}`)(value);
  return {
    language,
    count: withParsed((decimal) => write(round(decimal, 0), separators)),
    decimal: (value, options = {}) =>
      withParsed((decimal) => {
        if (options.digits !== undefined) {
          return write(round(decimal, options.digits), separators);
        }
        if (options.maxDigits !== undefined) {
          return write(trim(round(decimal, options.maxDigits)), separators);
        }
        return write(decimal, separators);
      })(value),
    money: withParsed((decimal) => write(round(decimal, 2), separators)),
    kwh: (value, digits = KWH_DIGITS) => withParsed((decimal) => write(round(decimal, digits), separators))(value),
    percent: (value, maxDigits) => percent(value, maxDigits),
    change: (value, maxDigits) => percent(value, maxDigits, 'always'),
    unit: (written, unit) => `${written}${NBSP}${unit}`,
    units: UNITS[language],
    energy: (value, digits = KWH_DIGITS) =>
      withParsed((decimal) => `${write(round(decimal, digits), separators)}${NBSP}${UNITS[language].kwh}`)(value),
    power: withParsed((decimal) => `${write(trim(round(decimal, 2)), separators)}${NBSP}${UNITS[language].kw}`),
  };
};

const FORMATS: Record<TLanguage, TNumberFormat> = { ru: make('ru'), en: make('en'), ky: make('ky') };

/** The formatter of a language (`ru`, `en`, `ky`; anything else is Russian, the default). */
export const numberFormat = (language: string | undefined): TNumberFormat => FORMATS[toLanguage(language)];

/** True for a figure below zero (`-0.00` is not). */
export const isNegative = (value: TFigure): boolean => {
  const decimal = parse(value);
  return decimal !== null && decimal.negative && decimal.digits !== 0n;
};
