import type { TCharge, TChargeSource, TChargeStatus, TPaymentMethod } from '@zaryad/contracts';

/** `h:mm:ss` of a duration in seconds (`1:05:09`); a charge over a day keeps counting hours (`27:00:00`). */
export const formatDuration = (seconds: number): string => {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return `${hours}:${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`;
};

/** How long a charge point has been silent, in words' parts: whole hours and minutes (`1 h 05 min`). */
export const silenceParts = (seconds: number) => {
  const minutes = Math.floor(Math.max(0, seconds) / 60);
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
};

/**
 * A status's colour: running ones blue (in progress with antd's moving 'processing' badge), finished green, stopped
 * gold, the ones that never charged grey, refusals red. The word is always written: colour is never the only cue.
 * In the contract's order; being a Record of its type, it cannot miss a status. Only presets whose word keeps 4.5:1
 * on their tint (WCAG AA): cyan, gold and green draw 2.8–3.6:1, so pause is geekblue and the success and warning
 * tags (darker in the theme) stand for green and gold.
 */
export const STATUS_COLOURS: Record<TChargeStatus, string> = {
  initiated: 'blue',
  in_progress: 'processing',
  pause: 'geekblue',
  canceled: 'default',
  not_completed: 'default',
  finished: 'success',
  stopped: 'warning',
  unauthorized: 'red',
};

// The contract's lists as the screens need them, written as Records of the contract's types so that the typecheck
// fails when the contract gains a value: importing the contract's constants would bring its schemas, and zod with
// them (~25 KB gzip), into the list screen.
export const CHARGE_STATUS_LIST = Object.keys(STATUS_COLOURS) as TChargeStatus[];

/** Charges that still run and can be stopped (the contract's RUNNING_CHARGE_STATUSES). */
const RUNNING: Record<TChargeStatus, boolean> = {
  initiated: true,
  in_progress: true,
  pause: true,
  canceled: false,
  not_completed: false,
  finished: false,
  stopped: false,
  unauthorized: false,
};
export const isRunning = (status: TChargeStatus) => RUNNING[status];

/**
 * An ended charge (finished or stopped) paid from the balance that cost something: its cost may be refunded to the
 * balance (issue 39). One paid in cash or by another card debited nothing, and the server refuses it (409).
 */
export const isRefundable = (charge: Pick<TCharge, 'status' | 'total_cost' | 'payment_method'>) =>
  (charge.status === 'finished' || charge.status === 'stopped') &&
  charge.payment_method === 'personal_balance' &&
  /[1-9]/.test(charge.total_cost) &&
  !charge.total_cost.startsWith('-');

const SOURCES: Record<TChargeSource, true> = { app: true, rfid: true, operator: true };
export const CHARGE_SOURCE_LIST = Object.keys(SOURCES) as TChargeSource[];

const METHODS: Record<TPaymentMethod, true> = { cash: true, other_card: true, personal_balance: true, promotion: true };
export const PAYMENT_METHOD_LIST = Object.keys(METHODS) as TPaymentMethod[];

/** docs/product/charges.md#3-records's platform numbers as the texts' keys: 1 iOS, 2 Android. */
export const PLATFORM_KEYS = { 1: 'ios', 2: 'android' } as const;

/** ISO weekdays as the URL and the API write them (`finished_weekday`), Monday first. */
export const WEEKDAY_LIST = ['1', '2', '3', '4', '5', '6', '7'] as const;
