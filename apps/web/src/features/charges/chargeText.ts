import type { TChargeStatus } from '@zaryad/contracts';

/** `h:mm:ss` of a duration in seconds (`1:05:09`); a charge over a day keeps counting hours (`27:00:00`). */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
};

/** The API's kWh text (`"12.345"`) with a decimal comma, as Russian and Kyrgyz write it; string work, never a float. */
export const formatKwh = (value: string): string => value.replace('.', ',');

/**
 * A status's colour: running ones blue (in progress with antd's moving 'processing' badge), finished green, stopped
 * gold, the ones that never charged grey, refusals red. The word is always written: colour is never the only cue.
 */
export const STATUS_COLOURS: Record<TChargeStatus, string> = {
  initiated: 'blue',
  in_progress: 'processing',
  pause: 'cyan',
  finished: 'green',
  stopped: 'gold',
  canceled: 'default',
  not_completed: 'default',
  unauthorized: 'red',
};

/** SPEC.md section 3's platform numbers as the texts' keys: 1 iOS, 2 Android. */
export const PLATFORM_KEYS = { 1: 'ios', 2: 'android' } as const;
