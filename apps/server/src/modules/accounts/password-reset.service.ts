import { STATUS, translateMessage, type TLanguage } from '@zaryad/contracts';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { FieldErrors } from '../../http/api-errors';
import { recordAudit } from '../audit';
import type { Mailer } from '../mail';
import { accounts, passwordResetTokens, refreshTokens } from './accounts.tables';
import { passwordResetMail } from './password-reset.mail';
import { hashPassword } from './passwords';
import { generateOpaqueToken, hashToken } from './tokens';

const RESET_LIFETIME_MS = 60 * 60 * 1000;

export interface PasswordResetService {
  /** Mails a one-time link when an active account has this email; silent otherwise (no account enumeration). */
  request(email: string, language: TLanguage): Promise<void>;
  /** Sets the new password; the token works once. Signs the account out everywhere. */
  /** `ip`: the address the new password came from, for the audit log. */
  confirm(token: string, password: string, ip: string): Promise<void>;
}

export const createPasswordResetService = (deps: {
  db: Database;
  mailer: Mailer;
  publicUrl: string;
}): PasswordResetService => ({
  async request(email, language) {
    const [account] = await deps.db
      .select({ id: accounts.id, firstName: accounts.firstName, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.email, email))
      .limit(1);
    if (!account || account.status !== STATUS.active) {
      return;
    }
    const token = generateOpaqueToken();
    await deps.db.insert(passwordResetTokens).values({
      accountId: account.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + RESET_LIFETIME_MS),
    });
    const link = `${deps.publicUrl}/change-password?token=${encodeURIComponent(token)}`;
    await deps.mailer.send({ to: email, ...passwordResetMail(language, account.firstName, link) });
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
      await tx.update(accounts).set({ passwordHash, updatedAt: new Date() }).where(eq(accounts.id, claimed.accountId));
      // Whoever knew the old password may hold a session: end them all.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.accountId, claimed.accountId), isNull(refreshTokens.revokedAt)));
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
});

export const resetRequestedMessage = (language: TLanguage) => translateMessage('reset_requested', language);
