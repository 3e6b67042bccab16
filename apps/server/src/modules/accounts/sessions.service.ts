import { randomUUID } from 'node:crypto';
import { isPermission, STATUS, type TTokenPair } from '@zaryad/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { AuthAccount } from '../../http/auth';
import { recordAudit } from '../audit';
import { accounts, refreshTokens, roles } from './accounts.tables';
import type { LoginLimit } from './login-limit';
import { getDummyHash, verifyPassword } from './passwords';
import { type AccessTokenSigner, generateOpaqueToken, hashToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Refresh token lifetime: a day, or 30 days when the user ticked "remember me". */
export const refreshLifetimeMs = (remember: boolean) => (remember ? 30 : 1) * DAY_MS;

export interface SessionsService {
  login(input: { email: string; password: string; remember: boolean; ip: string }): Promise<TTokenPair>;
  /** `ip`: the caller's address, for the audit log (a reused token revokes the sign-in, which is recorded). */
  refresh(token: string, ip: string): Promise<TTokenPair>;
  logout(token: string, ip: string): Promise<void>;
  /** The account of a valid access token; 401 otherwise (also for a blocked or deleted account). */
  authenticate(accessToken: string): Promise<Omit<AuthAccount, 'ip'>>;
}

export const createSessionsService = (deps: {
  db: Database;
  signer: AccessTokenSigner;
  loginLimit: LoginLimit;
}): SessionsService => {
  const { db, signer, loginLimit } = deps;

  const issuePair = async (
    executor: Pick<Database, 'insert'>,
    accountId: number,
    familyId: string,
    remember: boolean,
  ): Promise<TTokenPair> => {
    const refresh = generateOpaqueToken();
    await executor.insert(refreshTokens).values({
      accountId,
      familyId,
      tokenHash: hashToken(refresh),
      remember,
      expiresAt: new Date(Date.now() + refreshLifetimeMs(remember)),
    });
    return { access: await signer.sign(accountId), refresh };
  };

  /** Ends a sign-in and records why (sign_out, or sessions_revoked when a used token came back or the account is blocked). */
  const revokeFamily = async (familyId: string, event: { accountId: number; ip: string; action: 'sign_out' | 'sessions_revoked' }) => {
    await db.transaction(async (tx) => {
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      // A sign-in already ended is not ended again: a repeated logout writes nothing.
      if (revoked.length > 0) {
        await recordAudit(tx, { actor: { id: event.accountId, ip: event.ip }, action: event.action, entity: 'account', entityId: event.accountId });
      }
    });
  };

  /** A refused sign-in is recorded on its own: the refusal itself changes nothing else. */
  const recordRefusal = async (accountId: number | undefined, email: string, ip: string, reason: string) => {
    await recordAudit(db, {
      actor: { id: accountId ?? null, ip },
      action: 'sign_in_refused',
      entity: 'account',
      // An unknown email has no account: the entry names it by the email only.
      entityId: accountId ?? '',
      after: { email, reason },
    });
  };

  return {
    async login({ email, password, remember, ip }) {
      const address = ip.slice(0, 64);
      await loginLimit.assertAllowed(email, address);
      const [account] = await db
        .select({ id: accounts.id, status: accounts.status, passwordHash: accounts.passwordHash })
        .from(accounts)
        .where(eq(accounts.email, email))
        .limit(1);
      const isValid = await verifyPassword(account?.passwordHash ?? (await getDummyHash()), password);
      if (!account || !isValid) {
        await loginLimit.recordFailure(email, address);
        await recordRefusal(account?.id, email, address, 'invalid_credentials');
        throw new ApiError(401, 'invalid_credentials');
      }
      // Only a caller who knows the password learns that the account is blocked.
      if (account.status !== STATUS.active) {
        await recordRefusal(account.id, email, address, 'account_blocked');
        throw new ApiError(403, 'account_blocked');
      }
      await loginLimit.clearEmail(email);
      return db.transaction(async (tx) => {
        await recordAudit(tx, { actor: { id: account.id, ip: address }, action: 'sign_in', entity: 'account', entityId: account.id, after: { remember } });
        return issuePair(tx, account.id, randomUUID(), remember);
      });
    },

    async refresh(token, ip) {
      const tokenHash = hashToken(token);
      // Claiming the token and checking it is one statement: two concurrent refreshes cannot both win.
      const [claimed] = await db
        .update(refreshTokens)
        .set({ usedAt: new Date() })
        .where(
          and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)),
        )
        .returning();
      if (!claimed) {
        const [known] = await db
          .select({ familyId: refreshTokens.familyId, accountId: refreshTokens.accountId })
          .from(refreshTokens)
          .where(eq(refreshTokens.tokenHash, tokenHash))
          .limit(1);
        if (known) {
          // A used or revoked token came back: someone holds a copy. End the whole sign-in.
          await revokeFamily(known.familyId, { accountId: known.accountId, ip, action: 'sessions_revoked' });
        }
        throw new ApiError(401, 'token_invalid');
      }
      if (claimed.expiresAt.getTime() <= Date.now()) {
        throw new ApiError(401, 'token_invalid');
      }
      const [account] = await db
        .select({ status: accounts.status })
        .from(accounts)
        .where(eq(accounts.id, claimed.accountId))
        .limit(1);
      if (!account || account.status !== STATUS.active) {
        await revokeFamily(claimed.familyId, { accountId: claimed.accountId, ip, action: 'sessions_revoked' });
        throw new ApiError(403, 'account_blocked');
      }
      return issuePair(db, claimed.accountId, claimed.familyId, claimed.remember);
    },

    async logout(token, ip) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId, accountId: refreshTokens.accountId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1);
      if (row) {
        await revokeFamily(row.familyId, { accountId: row.accountId, ip, action: 'sign_out' });
      }
    },

    async authenticate(accessToken) {
      const accountId = await signer.verify(accessToken);
      if (accountId === undefined) {
        throw new ApiError(401, 'token_invalid');
      }
      const [account] = await db
        // The role's permissions come with the status check the request needs anyway: a changed role or a block counts
        // from the next request, however long the access token still lives.
        .select({
          id: accounts.id,
          email: accounts.email,
          status: accounts.status,
          roleKey: roles.key,
          permissions: roles.permissions,
        })
        .from(accounts)
        .innerJoin(roles, eq(roles.id, accounts.roleId))
        .where(eq(accounts.id, accountId))
        .limit(1);
      if (!account) {
        throw new ApiError(401, 'token_invalid');
      }
      // 401 rather than 403: the web app then tries its refresh token, which fails too, and signs out.
      if (account.status !== STATUS.active) {
        throw new ApiError(401, 'account_blocked');
      }
      return {
        id: account.id,
        email: account.email,
        roleKey: account.roleKey,
        permissions: new Set(account.permissions.filter(isPermission)),
      };
    },
  };
};
