import { and, count, eq, gt, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { loginAttempts } from './accounts.tables';

export interface LoginLimitOptions {
  windowSeconds: number;
  maxPerEmail: number;
  maxPerIp: number;
}

export const DEFAULT_LOGIN_LIMIT: LoginLimitOptions = { windowSeconds: 15 * 60, maxPerEmail: 5, maxPerIp: 30 };

/**
 * Failed sign-ins per email and per address within a sliding window. The counts live in the database so that the
 * limit holds across any number of server processes.
 */
export const createLoginLimit = (db: Database, options: LoginLimitOptions = DEFAULT_LOGIN_LIMIT) => {
  const windowStart = () => new Date(Date.now() - options.windowSeconds * 1000);

  /** Seconds until the oldest failure in the window expires, when the limit is reached. */
  const retryAfter = async (column: typeof loginAttempts.email | typeof loginAttempts.ip, value: string, max: number) => {
    const [row] = await db
      .select({ attempts: count(), oldest: min(loginAttempts.createdAt) })
      .from(loginAttempts)
      .where(and(eq(column, value), gt(loginAttempts.createdAt, windowStart())));
    if (!row || row.attempts < max || !row.oldest) {
      return 0;
    }
    const oldest = row.oldest instanceof Date ? row.oldest : new Date(row.oldest);
    return Math.max(1, Math.ceil((oldest.getTime() + options.windowSeconds * 1000 - Date.now()) / 1000));
  };

  return {
    /** Throws 429 with Retry-After when this email or this address has failed too often. */
    async assertAllowed(email: string, ip: string) {
      const seconds = Math.max(
        await retryAfter(loginAttempts.email, email, options.maxPerEmail),
        await retryAfter(loginAttempts.ip, ip, options.maxPerIp),
      );
      if (seconds > 0) {
        throw new ApiError(429, `too_many_attempts:${seconds}`, { 'Retry-After': String(seconds) });
      }
    },
    async recordFailure(email: string, ip: string) {
      await db.insert(loginAttempts).values({ email, ip });
      // Old rows are useless once outside the window; pruning here keeps the table small without a scheduler.
      await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, windowStart()));
    },
    /** A successful sign-in forgives the email's earlier typos (the address keeps its count). */
    async clearEmail(email: string) {
      await db.delete(loginAttempts).where(eq(loginAttempts.email, email));
    },
  };
};

export type LoginLimit = ReturnType<typeof createLoginLimit>;
