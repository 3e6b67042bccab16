import { BISHKEK_OFFSET_MS } from '@zaryad/contracts/bishkek-time';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/**
 * An API timestamp shown in Bishkek time, `DD.MM.YYYY HH:mm`. By its fixed offset (UTC+6 all year,
 * contracts/bishkek-time), not the zone: the timezone plugin builds an Intl formatter on its first call, 15–20 ms of
 * a phone's first screen.
 */
export const formatDateTime = (value: string | null | undefined): string => {
  const time = value ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    return '';
  }
  const bishkek = new Date(time + BISHKEK_OFFSET_MS);
  const day = `${twoDigits(bishkek.getUTCDate())}.${twoDigits(bishkek.getUTCMonth() + 1)}.${bishkek.getUTCFullYear()}`;
  return `${day} ${twoDigits(bishkek.getUTCHours())}:${twoDigits(bishkek.getUTCMinutes())}`;
};
