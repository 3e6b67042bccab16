/**
 * The time as the app reads it, and its waiting: the real clock in the app, a clock the test moves in tests (the
 * sign-in and recovery limits count attempts in a window and slow a client down; their tests must not wait for
 * either, nor depend on how busy the machine is).
 */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
