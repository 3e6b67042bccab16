import { STATUS, translateMessage, type TLanguage } from '@zaryad/contracts';
import { and, count, eq, gt, isNull, lt, min } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import { type Clock, systemClock } from '../../platform/clock';
import { recordAudit } from '../audit';
import type { Mailer } from '../mail';
import { accounts, passwordResetRequests, passwordResetTokens } from './accounts.tables';
import { passwordResetMail } from './password-reset.mail';
import { hashPassword } from './passwords';
import { endAccountSessions } from './session-end';
import { generateOpaqueToken, hashToken } from './tokens';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

export interface PasswordResetService {
  /**
   * Mails a one-time link when an active account has this email; silent otherwise (no account enumeration). Limited per
   * address and per client (429); the lookup and the mail run after the answer, so known and unknown addresses answer
   * in the same time.
   */
  request(email: string, language: TLanguage, ip: string): Promise<void>;
  /** Sets the new password; the token works once. Signs the account out everywhere. */
  /** `ip`: the address the new password came from, for the audit log. */
  confirm(token: string, password: string, ip: string): Promise<void>;
}

export const createPasswordResetService = (deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
  limit: AppConfig['resetLimit'];
  clock?: Clock | undefined;
}): PasswordResetService => {
  const { db, limit } = deps;
  const clock = deps.clock ?? systemClock;

  /** Seconds until a request is allowed again when the window already holds `max` for this column's value. */
  const retryAfter = async (
    column: typeof passwordResetRequests.email | typeof passwordResetRequests.ip,
    value: string,
    max: number,
    since: Date,
  ) => {
    const [row] = await db
      .select({ requests: count(), oldest: min(passwordResetRequests.createdAt) })
      .from(passwordResetRequests)
      .where(and(eq(column, value), gt(passwordResetRequests.createdAt, since)));
    if (!row || row.requests < max) {
      return 0;
    }
    const oldest = row.oldest ? new Date(row.oldest) : clock.now();
    return Math.max(1, Math.ceil((oldest.getTime() + limit.windowSeconds * 1000 - clock.now().getTime()) / 1000));
  };

  /** The mail itself: at most one live link per account, the new one replacing any earlier. */
  const sendLink = async (email: string, language: TLanguage) => {
    const [account] = await db
      .select({ id: accounts.id, firstName: accounts.firstName, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.email, email))
      .limit(1);
    if (!account || account.status !== STATUS.active) {
      return;
    }
    const token = generateOpaqueToken();
    await db.transaction(async (tx) => {
      // Recovery links are sent after the answer, so two requests' links can be made at once: the account's row, locked,
      // puts them one after the other, and each replaces the one before (two at once both found none to delete).
      await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, account.id)).for('update');
      await tx
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.accountId, account.id), isNull(passwordResetTokens.usedAt)));
      await tx.insert(passwordResetTokens).values({
        accountId: account.id,
        tokenHash: hashToken(token),
        expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
      });
    });
    const link = `${deps.publicUrl}/change-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: email, ...passwordResetMail(language, account.firstName, link) });
  };

  return {
    async request(email, language, ip) {
      const address = ip.slice(0, 64);
      const since = new Date(clock.now().getTime() - limit.windowSeconds * 1000);
      // The same statements run for every address, known or not: the answer's time says nothing.
      const seconds = Math.max(
        await retryAfter(passwordResetRequests.email, email, limit.maxPerAddress, since),
        await retryAfter(passwordResetRequests.ip, address, limit.maxPerClient, since),
      );
      if (seconds > 0) {
        throw new ApiError(429, `too_many_attempts:${seconds}`, { 'Retry-After': String(seconds) });
      }
      await db.insert(passwordResetRequests).values({ email, ip: address, createdAt: clock.now() });
      await db.delete(passwordResetRequests).where(lt(passwordResetRequests.createdAt, since));
      deps.mailer.later(() => sendLink(email, language));
    },

    async confirm(token, password, ip) {
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(passwordResetTokens)
          .set({ usedAt: new Date() })
          .where(
            and(
              eq(passwordResetTokens.tokenHash, hashToken(token)),
              isNull(passwordResetTokens.usedAt),
              gt(passwordResetTokens.expiresAt, new Date()),
            ),
          )
          .returning({ accountId: passwordResetTokens.accountId });
        if (!claimed) {
          throw new FieldErrors({ token: ['reset_token_invalid'] });
        }
        await tx
          .update(accounts)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(accounts.id, claimed.accountId));
        // Whoever knew the old password may hold a session: end them all.
        await endAccountSessions(tx, [claimed.accountId]);
        await recordAudit(tx, {
          // Whoever holds the mailed link acts as the account.
          actor: { id: claimed.accountId, ip },
          action: 'password_reset',
          entity: 'account',
          entityId: claimed.accountId,
          after: { password: 'changed' },
        });
      });
    },
  };
};

export const resetRequestedMessage = (language: TLanguage) => translateMessage('reset_requested', language);
