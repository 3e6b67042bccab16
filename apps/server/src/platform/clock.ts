/**
 * The time as the app reads it, and its waiting: the real clock in the app, one the test moves in tests, so that the
 * sign-in and recovery limits' tests neither wait nor depend on how busy the machine is.
 */
export interface Clock {
  now(): Date;
  sleep(ms: number): Promise<void>;
}

export const systemClock: Clock = {
  now: () => new Date(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};
