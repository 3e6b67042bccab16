import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { type Clock, systemClock } from '../../platform/clock';
import { loginAttempts } from './accounts.tables';

/**
 * Sign-in limits (README, configuration: LOGIN_LIMIT_*, LOGIN_SLOWDOWN_*): failures of one client (address) for any
 * emails, then 429 for that client; failures for one email from one client, then 429 for that pair only; after
 * `slowdownAfter` failures of a client each further attempt of it is answered later, doubling up to `slowdownMaxMs`.
 */
export type LoginLimitOptions = AppConfig['loginLimit'];

export const DEFAULT_LOGIN_LIMIT: LoginLimitOptions = {
  windowSeconds: 15 * 60,
  maxPerClient: 30,
  maxPerAddressClient: 5,
  slowdownAfter: 3,
  slowdownMs: 500,
  slowdownMaxMs: 8000,
};

/**
 * Failed sign-ins counted per client and per (email, client) pair within a sliding window, in the database so that the
 * limit holds across server processes. There is no limit per email alone: a burst of wrong passwords slows and then
 * stops the client that sends them, never the account's owner signing in from another address.
 */
export const createLoginLimit = (
  db: Database,
  options: LoginLimitOptions = DEFAULT_LOGIN_LIMIT,
  clock: Clock = systemClock,
) => {
  const windowStart = () => new Date(clock.now().getTime() - options.windowSeconds * 1000);

  const failures = async (email: string | undefined, ip: string) => {
    const [row] = await db
      .select({ attempts: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(
        and(
          eq(loginAttempts.ip, ip),
          email === undefined ? undefined : eq(loginAttempts.email, email),
          gt(loginAttempts.createdAt, windowStart()),
        ),
      );
    const oldest = row?.oldest ? new Date(row.oldest) : clock.now();
    return { attempts: row?.attempts ?? 0, oldest };
  };

  const retryAfter = (oldest: Date) =>
    Math.max(1, Math.ceil((oldest.getTime() + options.windowSeconds * 1000 - clock.now().getTime()) / 1000));

  return {
    /** Throws 429 with Retry-After when this client, or this client for this email, failed too often; else waits as long as the client's failures say. */
    async beforeAttempt(email: string, ip: string) {
      const client = await failures(undefined, ip);
      const pair = await failures(email, ip);
      const limited = [
        client.attempts >= options.maxPerClient ? retryAfter(client.oldest) : 0,
        pair.attempts >= options.maxPerAddressClient ? retryAfter(pair.oldest) : 0,
      ];
      const seconds = Math.max(...limited);
      if (seconds > 0) {
        throw new ApiError(429, `too_many_attempts:${seconds}`, { 'Retry-After': String(seconds) });
      }
      const beyond = client.attempts - options.slowdownAfter;
      if (beyond >= 0) {
        await clock.sleep(Math.min(options.slowdownMaxMs, options.slowdownMs * 2 ** Math.min(beyond, 20)));
      }
    },
    async recordFailure(email: string, ip: string) {
      await db.insert(loginAttempts).values({ email, ip, createdAt: clock.now() });
      // Old rows are useless once outside the window; pruning here keeps the table small without a scheduler.
      await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, windowStart()));
    },
    /** A successful sign-in forgives this client's typos for this email (its other failures still count). */
    async recordSuccess(email: string, ip: string) {
      await db.delete(loginAttempts).where(and(eq(loginAttempts.email, email), eq(loginAttempts.ip, ip)));
    },
  };
};

export type LoginLimit = ReturnType<typeof createLoginLimit>;
