import { and, inArray, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Transaction } from '../../platform/transaction';
import { accountSessions, refreshTokens } from './accounts.tables';

/**
 * Ends every open sign-in of these accounts, access tokens included: `authenticate` reads the token's session with the
 * account, so the next request of an ended one is a 401. Called on a password change (by anyone, recovery included), a
 * block and a role change, in the transaction of the change.
 */
export const endAccountSessions = async (executor: Database | Transaction, accountIds: readonly number[]) => {
  if (accountIds.length === 0) {
    return;
  }
  const now = new Date();
  await executor
    .update(accountSessions)
    .set({ endedAt: now })
    .where(and(inArray(accountSessions.accountId, [...accountIds]), isNull(accountSessions.endedAt)));
  await executor
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(inArray(refreshTokens.accountId, [...accountIds]), isNull(refreshTokens.revokedAt)));
};
