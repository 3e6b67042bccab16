import type { TAppSignIn } from '@zaryad/contracts/app';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';
import { smsOutbox } from '../modules/sms';

let sequence = 0;

/** A +996 mobile number no other test of this process uses. */
export const freshPhone = () =>
  `996${String(700_000_000 + ((process.pid * 7919 + Date.now() + sequence++ * 104_729) % 299_999_999)).slice(0, 9)}`;

/** The newest code the outbox holds for a number (no gateway in tests: the outbox is the delivery, in full). */
export const lastCodeOf = async (db: Database, phone: string): Promise<string> => {
  const [sms] = await db
    .select({ text: smsOutbox.text })
    .from(smsOutbox)
    .where(eq(smsOutbox.phone, phone))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  const code = /\d{6}/.exec(sms?.text ?? '')?.[0];
  if (!code) {
    throw new Error(`no code was sent to ${phone}`);
  }
  return code;
};

export interface SignedInDriver extends TAppSignIn {
  phone: string;
  /** `Authorization` and a language for app.inject. */
  headers: Record<string, string>;
}

/**
 * A driver signed in through the API as the app does it: a code asked for, read from the SMS outbox, checked. Each
 * call comes from its own address, so that the per-client code limit is the limit tests' own business.
 */
export const signInDriver = async (
  app: FastifyInstance,
  db: Database,
  options: { phone?: string; language?: string; headers?: Record<string, string>; referralCode?: string } = {},
): Promise<SignedInDriver> => {
  const phone = options.phone ?? freshPhone();
  const remoteAddress = `10.96.${sequence % 250}.${(sequence++ * 7) % 250}`;
  const language = options.language ?? 'ru';
  const asked = await app.inject({
    method: 'POST',
    url: '/api/app/v1/auth/code/',
    payload: { phone },
    headers: { 'accept-language': language, ...options.headers },
    remoteAddress,
  });
  if (asked.statusCode !== 202) {
    throw new Error(`the code was not sent: ${asked.statusCode} ${asked.body}`);
  }
  const verified = await app.inject({
    method: 'POST',
    url: '/api/app/v1/auth/verify/',
    payload: {
      phone,
      code: await lastCodeOf(db, phone),
      ...(options.referralCode && { referral_code: options.referralCode }),
    },
    headers: { 'accept-language': language, ...options.headers },
    remoteAddress,
  });
  if (verified.statusCode !== 200) {
    throw new Error(`the code was not accepted: ${verified.statusCode} ${verified.body}`);
  }
  const body = verified.json<TAppSignIn>();
  return { ...body, phone, headers: { authorization: `Bearer ${body.access}`, 'accept-language': language } };
};
