import { randomUUID } from 'node:crypto';
import { isPermission, STATUS, type TSession, type TTokenPair } from '@zaryad/contracts';
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { AuthAccount } from '../../http/auth';
import { recordAudit } from '../audit';
import { accountSessions, accounts, refreshTokens, roles } from './accounts.tables';
import type { LoginLimit } from './login-limit';
import { getDummyHash, verifyPassword } from './passwords';
import { describeDevice } from './user-agent';
import { type AccessTokenSigner, generateOpaqueToken, hashToken } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A sign-in's absolute lifetime (refreshing does not extend it): a day, or 30 days when the user ticked "remember me". */
export const refreshLifetimeMs = (remember: boolean) => (remember ? 30 : 1) * DAY_MS;

export interface SessionsService {
  login(input: {
    email: string;
    password: string;
    remember: boolean;
    ip: string;
    userAgent: string;
  }): Promise<TTokenPair>;
  /** `ip`: the caller's address, for the audit log (a reused token revokes the sign-in, which is recorded). */
  refresh(token: string, ip: string): Promise<TTokenPair>;
  logout(token: string, ip: string): Promise<void>;
  /** The account of a valid access token of an open sign-in; 401 otherwise (also for a blocked or deleted account). */
  authenticate(accessToken: string): Promise<Omit<AuthAccount, 'ip'>>;
  /** The account's open sign-ins, the last used first. */
  list(account: AuthAccount): Promise<TSession[]>;
  /** Ends one of the account's own sign-ins (404 for another's or an ended one). */
  end(account: AuthAccount, sessionId: string): Promise<void>;
}

/** `last_used_at` is written at most this often by requests (a refresh always writes it). */
const LAST_USE_PRECISION_MS = 60 * 1000;

export const createSessionsService = (deps: {
  db: Database;
  signer: AccessTokenSigner;
  loginLimit: LoginLimit;
}): SessionsService => {
  const { db, signer, loginLimit } = deps;

  /** A new refresh token of the sign-in; it expires with the sign-in, never later. */
  const issuePair = async (
    executor: Pick<Database, 'insert'>,
    session: { id: string; accountId: number; remember: boolean; expiresAt: Date },
  ): Promise<TTokenPair> => {
    const refresh = generateOpaqueToken();
    await executor.insert(refreshTokens).values({
      accountId: session.accountId,
      familyId: session.id,
      tokenHash: hashToken(refresh),
      remember: session.remember,
      expiresAt: session.expiresAt,
    });
    return { access: await signer.sign({ accountId: session.accountId, sessionId: session.id }), refresh };
  };

  /** Ends a sign-in and records why (sign_out, or sessions_revoked when a used token came back or the account is blocked). */
  const endSession = async (
    sessionId: string,
    event: { accountId: number; ip: string; action: 'sign_out' | 'sessions_revoked' },
  ) =>
    db.transaction(async (tx) => {
      const now = new Date();
      const ended = await tx
        .update(accountSessions)
        .set({ endedAt: now })
        .where(and(eq(accountSessions.id, sessionId), isNull(accountSessions.endedAt)))
        .returning({ id: accountSessions.id });
      const revoked = await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(eq(refreshTokens.familyId, sessionId), isNull(refreshTokens.revokedAt)))
        .returning({ id: refreshTokens.id });
      // A sign-in already ended is not ended again: a repeated logout writes nothing.
      if (ended.length > 0 || revoked.length > 0) {
        await recordAudit(tx, {
          actor: { id: event.accountId, ip: event.ip },
          action: event.action,
          entity: 'account',
          entityId: event.accountId,
        });
      }
      return ended.length > 0;
    });

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
    async login({ email, password, remember, ip, userAgent }) {
      const address = ip.slice(0, 64);
      await loginLimit.beforeAttempt(email, address);
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
      await loginLimit.recordSuccess(email, address);
      return db.transaction(async (tx) => {
        const now = new Date();
        const session = {
          id: randomUUID(),
          accountId: account.id,
          remember,
          expiresAt: new Date(now.getTime() + refreshLifetimeMs(remember)),
        };
        await tx.insert(accountSessions).values({
          ...session,
          userAgent: userAgent.slice(0, 512),
          ip: address,
          createdAt: now,
          lastUsedAt: now,
        });
        await recordAudit(tx, {
          actor: { id: account.id, ip: address },
          action: 'sign_in',
          entity: 'account',
          entityId: account.id,
          after: { remember },
        });
        return issuePair(tx, session);
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
          await endSession(known.familyId, { accountId: known.accountId, ip, action: 'sessions_revoked' });
        }
        throw new ApiError(401, 'token_invalid');
      }
      const [session] = await db
        .select({ expiresAt: accountSessions.expiresAt, endedAt: accountSessions.endedAt, status: accounts.status })
        .from(accountSessions)
        .innerJoin(accounts, eq(accounts.id, accountSessions.accountId))
        .where(eq(accountSessions.id, claimed.familyId))
        .limit(1);
      const now = Date.now();
      if (!session || session.endedAt || claimed.expiresAt.getTime() <= now || session.expiresAt.getTime() <= now) {
        throw new ApiError(401, 'token_invalid');
      }
      if (session.status !== STATUS.active) {
        await endSession(claimed.familyId, { accountId: claimed.accountId, ip, action: 'sessions_revoked' });
        throw new ApiError(403, 'account_blocked');
      }
      await db
        .update(accountSessions)
        .set({ lastUsedAt: new Date(now), ip: ip.slice(0, 64) })
        .where(eq(accountSessions.id, claimed.familyId));
      return issuePair(db, {
        id: claimed.familyId,
        accountId: claimed.accountId,
        remember: claimed.remember,
        expiresAt: session.expiresAt,
      });
    },

    async logout(token, ip) {
      const [row] = await db
        .select({ familyId: refreshTokens.familyId, accountId: refreshTokens.accountId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)))
        .limit(1);
      if (row) {
        await endSession(row.familyId, { accountId: row.accountId, ip, action: 'sign_out' });
      }
    },

    async authenticate(accessToken) {
      const claims = await signer.verify(accessToken);
      if (claims === undefined) {
        throw new ApiError(401, 'token_invalid');
      }
      const [account] = await db
        // The role's permissions and the sign-in come with the status check the request needs anyway, in one query: a
        // changed role, a block or an ended sign-in counts from the next request, however long the token still lives.
        .select({
          id: accounts.id,
          email: accounts.email,
          status: accounts.status,
          roleKey: roles.key,
          permissions: roles.permissions,
          lastUsedAt: accountSessions.lastUsedAt,
        })
        .from(accounts)
        .innerJoin(roles, eq(roles.id, accounts.roleId))
        .leftJoin(
          accountSessions,
          and(
            eq(accountSessions.accountId, accounts.id),
            eq(accountSessions.id, claims.sessionId),
            isNull(accountSessions.endedAt),
            gt(accountSessions.expiresAt, new Date()),
          ),
        )
        .where(eq(accounts.id, claims.accountId))
        .limit(1);
      if (!account) {
        throw new ApiError(401, 'token_invalid');
      }
      // 401 rather than 403: the web app then tries its refresh token, which fails too, and signs out.
      if (account.status !== STATUS.active) {
        throw new ApiError(401, 'account_blocked');
      }
      // The sign-in was ended (logout, a new password or role, from the session list) or has run its course.
      if (!account.lastUsedAt) {
        throw new ApiError(401, 'token_invalid');
      }
      if (Date.now() - account.lastUsedAt.getTime() > LAST_USE_PRECISION_MS) {
        await db
          .update(accountSessions)
          .set({ lastUsedAt: new Date() })
          .where(eq(accountSessions.id, claims.sessionId));
      }
      return {
        id: account.id,
        email: account.email,
        roleKey: account.roleKey,
        permissions: new Set(account.permissions.filter(isPermission)),
        sessionId: claims.sessionId,
      };
    },

    async list(account) {
      const rows = await db
        .select()
        .from(accountSessions)
        .where(
          and(
            eq(accountSessions.accountId, account.id),
            isNull(accountSessions.endedAt),
            gt(accountSessions.expiresAt, new Date()),
          ),
        )
        .orderBy(desc(accountSessions.lastUsedAt));
      return rows.map((row) => ({
        id: row.id,
        device: describeDevice(row.userAgent),
        ip: row.ip,
        created_at: row.createdAt.toISOString(),
        last_used_at: row.lastUsedAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        is_current: row.id === account.sessionId,
      }));
    },

    async end(account, sessionId) {
      const [own] = await db
        .select({ id: accountSessions.id })
        .from(accountSessions)
        .where(
          and(
            eq(accountSessions.id, sessionId),
            eq(accountSessions.accountId, account.id),
            isNull(accountSessions.endedAt),
          ),
        )
        .limit(1);
      if (!own) {
        throw new ApiError(404, 'not_found');
      }
      await endSession(sessionId, { accountId: account.id, ip: account.ip, action: 'sign_out' });
    },
  };
};
