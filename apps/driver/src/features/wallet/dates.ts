import { BISHKEK_OFFSET_MS } from '@zaryad/contracts/bishkek-time';

/**
 * Dates as the network reads them, on its own clock (Bishkek, UTC+6): `30.11.2026 14:05`. Written from the text, not
 * through Intl, so that a screen reads the same in every browser and language.
 */
export const dateTime = (iso: string): string => {
  const time = new Date(iso).getTime();
  if (Number.isNaN(time)) {
    return iso;
  }
  const wall = new Date(time + BISHKEK_OFFSET_MS).toISOString();
  return `${day(wall.slice(0, 10))} ${wall.slice(11, 16)}`;
};

/** A day (`2026-11-30`) as `30.11.2026`; anything else as it came. */
export const day = (date: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : date;
};
