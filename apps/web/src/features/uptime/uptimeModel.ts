import { bishkekToday } from '@zaryad/contracts/bishkek-time';
import { UPTIME_STATES, type TUptimeSeconds, type TUptimeState } from '@zaryad/contracts/uptime';
import type { TUptimeRange } from '@/features/uptime/api';

const DAY_MS = 24 * 3600 * 1000;

/** The last `days` Bishkek days, today included. */
export const lastDays = (days: number, now: Date = new Date()): TUptimeRange => {
  const to = bishkekToday(now);
  return { from: new Date(Date.parse(to) - (days - 1) * DAY_MS).toISOString().slice(0, 10), to };
};

/** This Bishkek month up to today. */
export const thisMonth = (now: Date = new Date()): TUptimeRange => {
  const to = bishkekToday(now);
  return { from: `${to.slice(0, 8)}01`, to };
};

/** Each state's colour: operative ones green to blue, the others amber, red, grey. */
export const STATE_COLORS: Readonly<Record<TUptimeState, string>> = {
  available: '#52c41a',
  charging: '#1677ff',
  occupied: '#13c2c2',
  faulted: '#f5222d',
  unavailable: '#fa8c16',
  maintenance: '#9254de',
  offline: '#595959',
  unknown: '#d9d9d9',
};

/**
 * The states with time, and their share (0 to 1) of the time something was known, in the states' order: a station
 * connected a week ago shows that week's shares, not a bar of "no data"; only a period without data shows that.
 */
export const sharesOf = (seconds: TUptimeSeconds): { state: TUptimeState; share: number }[] => {
  const known = UPTIME_STATES.filter((state) => state !== 'unknown');
  const total = known.reduce((sum, state) => sum + seconds[state], 0);
  if (total === 0) {
    return seconds.unknown > 0 ? [{ state: 'unknown', share: 1 }] : [];
  }
  return known.filter((state) => seconds[state] > 0).map((state) => ({ state, share: seconds[state] / total }));
};

/** How an uptime reads: green at 97 % and over (the funding programmes' usual bar), amber from 90 %, red below. */
export const uptimeTone = (percent: number | null): 'good' | 'fair' | 'poor' | 'none' => {
  if (percent === null) {
    return 'none';
  }
  return percent >= 97 ? 'good' : percent >= 90 ? 'fair' : 'poor';
};

export const TONE_COLORS = { good: '#389e0d', fair: '#d48806', poor: '#cf1322', none: '#bfbfbf' } as const;
