/** Promotions' constants and time helpers without zod: the list screens import these (docs/product/promotions.md sections 5 and 9). */
export const PROMOTION_INITIATORS = ['merchant', 'company', 'payment_system'] as const;
export type TPromotionInitiator = (typeof PROMOTION_INITIATORS)[number];

/** current: running now; upcoming: starts later; ended: its end has passed. */
export const PROMOTION_VALIDITIES = ['current', 'upcoming', 'ended'] as const;
export type TPromotionValidity = (typeof PROMOTION_VALIDITIES)[number];

export const PROMOTION_LIMITS = {
  title: 100,
  stations: 500,
  /** docs/product/common.md#9-limits: count at most 32767. */
  count: 32_767,
  imageMaxBytes: 256 * 1024,
} as const;

/** `HH:mm` of the happy hours, Bishkek time; `00:00` as an end is midnight of the next day. */
export const HAPPY_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of `HH:mm`. */
export const minutesOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Whether a Bishkek minute of the day falls in the happy hours [start, end); a range may cross midnight. */
export const isWithinHappyHours = (minute: number, start: number, end: number) =>
  start < end ? minute >= start && minute < end : minute >= start || minute < end;
