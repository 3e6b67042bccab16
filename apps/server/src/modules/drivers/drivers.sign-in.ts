import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { formatSom, translateMessage, type TLanguage } from '@zaryad/contracts';
import { OTP, type TAppProfile, type TAppSignIn } from '@zaryad/contracts/app';
import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { DriverAppConfig } from '../../config';
import type { Database } from '../../db/client';
import { ApiError, FieldErrors } from '../../http/api-errors';
import { type Clock, systemClock } from '../../platform/clock';
import {
  type AccessTokenSigner,
  createLoginLimit,
  generateOpaqueToken,
  hashToken,
  type LoginLimitOptions,
} from '../accounts';
import { registerReferral } from '../referrals';
import type { SmsSender } from '../sms';
import { appSessions, appUsers, userIdTags } from '../users';
import { platformOf, appVersionOf } from './drivers.auth';
import { appOtpCodes } from './drivers.tables';

/** A code's hash binds it to its number: a code guessed for one number is nothing for another. */
const codeHash = (phone: string, code: string) => createHash('sha256').update(`${phone}:${code}`).digest('hex');

const sameHash = (a: string, b: string) => timingSafeEqual(Buffer.from(a), Buffer.from(b));

const secondsUntil = (instant: Date, now: Date) => Math.max(1, Math.ceil((instant.getTime() - now.getTime()) / 1000));

export interface SignInOptions {
  db: Database;
  signer: AccessTokenSigner;
  accessTtlSeconds: number;
  config: DriverAppConfig;
  sms: () => SmsSender;
  /** The failed-code limit per client and per (number, client), with its slowdown: the dashboard's sign-in limit. */
  failureLimit: LoginLimitOptions;
  clock?: Clock;
}

/** The sign-in SMS: its code, in the driver's language. */
export const otpSmsText = (code: string, language: TLanguage) => translateMessage(`otp_sms_text:${code}`, language);

export const profileOf = (row: typeof appUsers.$inferSelect): TAppProfile => ({
  id: row.id,
  personal_account: row.personalAccount,
  phone: row.phone,
  name: row.name,
  email: row.email,
  gender: (row.gender as TAppProfile['gender']) ?? null,
  birthday: row.birthday,
  car: { make: row.carMake, model: row.carModel, year: row.carYear, color: row.carColor },
  driver_licence: row.driverLicence,
  language: row.language as TLanguage,
  referral_code: row.referralCode,
  balance: formatSom(row.balance),
  registered_at: row.registeredAt.toISOString(),
});

/** Letters and digits a driver reads aloud without confusing them (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomCode = (length: number) =>
  Array.from({ length }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

/**
 * Sign-in by phone (docs/product/app-api.md#sign-in): a code by SMS, its check, the app's token pair, and the
 * sign-in's end. Limits: OTP.resendSeconds between two codes of a number, `perNumber` codes per number and
 * `perClient` per client within the window; wrong codes count toward the client's failure limit (slowed, then 429)
 * and kill a code after OTP.maxAttempts.
 */
export const createSignIn = (options: SignInOptions) => {
  const { db, signer, config } = options;
  const clock = options.clock ?? systemClock;
  const failures = createLoginLimit(db, options.failureLimit, clock);
  const failureKey = (phone: string) => `app:${phone}`;

  const issueTokens = async (userId: number, request: FastifyRequest, sessionId = randomUUID()) => {
    const refresh = generateOpaqueToken();
    const now = clock.now();
    await db.insert(appSessions).values({
      id: sessionId,
      userId,
      refreshHash: hashToken(refresh),
      platform: platformOf(request),
      appVersion: appVersionOf(request),
      userAgent: (request.headers['user-agent'] ?? '').slice(0, 512),
      ip: request.ip.slice(0, 64),
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + config.refreshTtlDays * 86_400_000),
    });
    return {
      access: await signer.sign({ accountId: userId, sessionId }),
      refresh,
      expires_in: options.accessTtlSeconds,
    };
  };

  /** The driver of a number, made when the number is new (with an app id tag for remote starts). */
  const driverOf = async (phone: string, request: FastifyRequest, language: TLanguage) => {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const [existing] = await db.select().from(appUsers).where(eq(appUsers.phone, phone));
      if (existing) {
        return { user: existing, created: false };
      }
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(appUsers)
          .values({
            phone,
            name: '',
            personalAccount: `2${String(randomInt(1_000_000_000)).padStart(9, '0')}`,
            referralCode: randomCode(8),
            language,
            registeredAt: clock.now(),
          })
          .onConflictDoNothing()
          .returning();
        if (row) {
          await tx
            .insert(userIdTags)
            .values({ userId: row.id, idTag: `APP${randomCode(14)}`, kind: 'app' })
            .onConflictDoNothing();
        }
        return row;
      });
      if (created) {
        request.log.info({ userId: created.id, platform: platformOf(request) }, 'a driver registered by phone');
        return { user: created, created: true };
      }
    }
    throw new Error('no free personal account or referral code after 5 attempts');
  };

  return {
    /** POST /auth/code/: a new code by SMS, unless a limit says to wait. */
    async requestCode(phone: string, request: FastifyRequest) {
      const now = clock.now();
      const windowStart = new Date(now.getTime() - config.otpLimit.windowSeconds * 1000);
      const [last] = await db
        .select({ createdAt: appOtpCodes.createdAt })
        .from(appOtpCodes)
        .where(eq(appOtpCodes.phone, phone))
        .orderBy(desc(appOtpCodes.createdAt))
        .limit(1);
      if (last && now.getTime() - last.createdAt.getTime() < OTP.resendSeconds * 1000) {
        const wait = secondsUntil(new Date(last.createdAt.getTime() + OTP.resendSeconds * 1000), now);
        throw new ApiError(429, `otp_resend_wait:${wait}`, { 'Retry-After': String(wait) });
      }
      const counts = async (where: ReturnType<typeof eq>) => {
        const [row] = await db
          .select({ sent: count(), oldest: sql<string | null>`min(${appOtpCodes.createdAt})` })
          .from(appOtpCodes)
          .where(and(where, gt(appOtpCodes.createdAt, windowStart)));
        const oldest = row?.oldest ? new Date(row.oldest) : now;
        return {
          sent: row?.sent ?? 0,
          retry: secondsUntil(new Date(oldest.getTime() + config.otpLimit.windowSeconds * 1000), now),
        };
      };
      const byNumber = await counts(eq(appOtpCodes.phone, phone));
      if (byNumber.sent >= config.otpLimit.perNumber) {
        throw new ApiError(429, `otp_number_limit:${byNumber.retry}`, { 'Retry-After': String(byNumber.retry) });
      }
      const byClient = await counts(eq(appOtpCodes.ip, request.ip.slice(0, 64)));
      if (byClient.sent >= config.otpLimit.perClient) {
        throw new ApiError(429, `too_many_attempts:${byClient.retry}`, { 'Retry-After': String(byClient.retry) });
      }
      const code = String(randomInt(10 ** OTP.digits)).padStart(OTP.digits, '0');
      await db.insert(appOtpCodes).values({
        phone,
        codeHash: codeHash(phone, code),
        ip: request.ip.slice(0, 64),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP.ttlSeconds * 1000),
      });
      // The SMS in the number's own language when the driver is known, else in the request's.
      const [known] = await db.select({ language: appUsers.language }).from(appUsers).where(eq(appUsers.phone, phone));
      const language = (known?.language as TLanguage | undefined) ?? request.language;
      await options.sms().send({ phone, kind: 'otp', text: otpSmsText(code, language), secret: code });
      // The code itself never reaches a log line above debug.
      request.log.debug({ phoneEnd: phone.slice(-4), code }, 'sign-in code sent');
      return {
        detail: translateMessage(`otp_sent:${OTP.ttlSeconds / 60}`, request.language),
        expires_in: OTP.ttlSeconds,
        resend_after: OTP.resendSeconds,
      };
    },

    /** POST /auth/verify/: the number's newest live code, checked once; a right one signs in (and registers). */
    async verify(
      body: { phone: string; code: string; referral_code?: string | undefined },
      request: FastifyRequest,
    ): Promise<TAppSignIn> {
      const { phone } = body;
      await failures.beforeAttempt(failureKey(phone), request.ip);
      const now = clock.now();
      // The code is taken under its row's lock: two checks of one code at once cannot both pass.
      const accepted = await db.transaction(async (tx) => {
        const [live] = await tx
          .select()
          .from(appOtpCodes)
          .where(
            and(
              eq(appOtpCodes.phone, phone),
              isNull(appOtpCodes.usedAt),
              gt(appOtpCodes.expiresAt, now),
              sql`${appOtpCodes.attempts} < ${OTP.maxAttempts}`,
            ),
          )
          .orderBy(desc(appOtpCodes.createdAt))
          .limit(1)
          .for('update');
        if (!live) {
          return false;
        }
        if (!sameHash(live.codeHash, codeHash(phone, body.code))) {
          await tx
            .update(appOtpCodes)
            .set({ attempts: sql`${appOtpCodes.attempts} + 1` })
            .where(eq(appOtpCodes.id, live.id));
          return false;
        }
        await tx.update(appOtpCodes).set({ usedAt: now }).where(eq(appOtpCodes.id, live.id));
        return true;
      });
      if (!accepted) {
        await failures.recordFailure(failureKey(phone), request.ip);
        throw new FieldErrors({ code: ['otp_code_invalid'] });
      }
      await failures.recordSuccess(failureKey(phone), request.ip);
      const { user, created } = await driverOf(phone, request, request.language);
      if (user.status !== 0) {
        throw new ApiError(403, 'app_user_blocked');
      }
      if (created && body.referral_code) {
        try {
          await registerReferral(db, {
            invitedUserId: user.id,
            code: body.referral_code,
            registeredAt: user.registeredAt,
          });
        } catch (error) {
          // A wrong friend's code does not stop the sign-in: the driver is registered, without the referral.
          if (!(error instanceof FieldErrors)) {
            throw error;
          }
          request.log.info({ userId: user.id, fields: error.fields }, 'a referral code at registration was refused');
        }
      }
      return { ...(await issueTokens(user.id, request)), created, user: profileOf(user) };
    },

    /** POST /auth/refresh/: a new pair for the sign-in; the previous refresh token used again ends the sign-in. */
    async refresh(refresh: string, request: FastifyRequest) {
      const hash = hashToken(refresh);
      const now = clock.now();
      const [session] = await db
        .select({
          id: appSessions.id,
          userId: appSessions.userId,
          refreshHash: appSessions.refreshHash,
          endedAt: appSessions.endedAt,
          expiresAt: appSessions.expiresAt,
          status: appUsers.status,
        })
        .from(appSessions)
        .innerJoin(appUsers, eq(appUsers.id, appSessions.userId))
        .where(or(eq(appSessions.refreshHash, hash), eq(appSessions.previousHash, hash)))
        .limit(1);
      if (!session || session.endedAt !== null || session.expiresAt <= now) {
        throw new ApiError(401, 'token_invalid');
      }
      if (session.refreshHash !== hash) {
        // A token already exchanged: one of its two holders is not the driver. The sign-in ends for both.
        await db.update(appSessions).set({ endedAt: now }).where(eq(appSessions.id, session.id));
        request.log.warn({ userId: session.userId, sessionId: session.id }, 'a used app refresh token came back');
        throw new ApiError(401, 'token_invalid');
      }
      if (session.status !== 0) {
        throw new ApiError(403, 'app_user_blocked');
      }
      const next = generateOpaqueToken();
      const [rotated] = await db
        .update(appSessions)
        .set({
          refreshHash: hashToken(next),
          previousHash: hash,
          lastSeenAt: now,
          expiresAt: new Date(now.getTime() + config.refreshTtlDays * 86_400_000),
          ...(appVersionOf(request) ? { appVersion: appVersionOf(request) } : {}),
        })
        // Two refreshes with one token at once: only the first rotates.
        .where(and(eq(appSessions.id, session.id), eq(appSessions.refreshHash, hash)))
        .returning({ id: appSessions.id });
      if (!rotated) {
        throw new ApiError(401, 'token_invalid');
      }
      return {
        access: await signer.sign({ accountId: session.userId, sessionId: session.id }),
        refresh: next,
        expires_in: options.accessTtlSeconds,
      };
    },

    /** POST /auth/logout/: this sign-in ends. */
    async signOut(sessionId: string) {
      await db
        .update(appSessions)
        .set({ endedAt: clock.now() })
        .where(and(eq(appSessions.id, sessionId), isNull(appSessions.endedAt)));
    },

    /** POST /auth/logout-all/: every sign-in of the driver ends. */
    async signOutEverywhere(userId: number) {
      await db
        .update(appSessions)
        .set({ endedAt: clock.now() })
        .where(and(eq(appSessions.userId, userId), isNull(appSessions.endedAt)));
    },

    /**
     * DELETE /me/: the driver's personal data is wiped and the number freed; the user row stays (blocked) so that
     * their ledger, charges and the network's figures stay whole. Their id tags go: no card of theirs starts a charge.
     */
    async deleteAccount(userId: number) {
      await db.transaction(async (tx) => {
        const now = clock.now();
        await tx
          .update(appUsers)
          .set({
            name: '',
            // Twelve characters no phone has (a real one is digits only): the number is free for a new registration.
            phone: sql`'x' || lpad(${appUsers.id}::text, 11, '0')`,
            email: '',
            gender: null,
            birthday: null,
            carMake: '',
            carModel: '',
            carYear: null,
            carColor: '',
            driverLicence: '',
            status: 1,
            updatedAt: now,
          })
          .where(eq(appUsers.id, userId));
        await tx.delete(userIdTags).where(eq(userIdTags.userId, userId));
        await tx
          .update(appSessions)
          .set({ endedAt: now, pushToken: null, pushProvider: null })
          .where(eq(appSessions.userId, userId));
      });
    },
  };
};

export type SignIn = ReturnType<typeof createSignIn>;
