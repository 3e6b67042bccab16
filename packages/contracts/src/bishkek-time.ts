/**
 * The network's clock as the web app and the contracts read it: Asia/Bishkek, UTC+6 all year round, no daylight saving
 * (docs/design.md#9-money-charges-and-time). No zod here: a screen can ask the time without the schemas.
 */
export const BISHKEK_OFFSET_MS = 6 * 3_600_000;

/** Bishkek's wall clock now, `YYYY-MM-DDTHH:MM`. */
export const bishkekNow = (now: Date = new Date()) =>
  new Date(now.getTime() + BISHKEK_OFFSET_MS).toISOString().slice(0, 16);

/** Today's Bishkek date, `YYYY-MM-DD`. */
export const bishkekToday = (now: Date = new Date()) => bishkekNow(now).slice(0, 10);
