import type { TSmsListFilters, TSmsPage, TSmsStatus } from '@zaryad/contracts/sms';
import { count, desc, like, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { ScheduledJob } from '../../platform/scheduler';
import { smsOutbox } from './sms.tables';

/** One SMS: its text, and the secret part of it (a sign-in code) that only the recipient may read once a gateway sends it. */
export interface Sms {
  phone: string;
  kind: 'otp';
  text: string;
  secret?: string;
}

/**
 * How the server sends SMS: one interface, two deliveries (docs/product/app-api.md#sms). Both keep every SMS in
 * `sms_outbox`; the gateway also posts it to SMS_GATEWAY_URL.
 */
export interface SmsSender {
  /** True when an HTTP gateway delivers (codes are then masked wherever the outbox is read). */
  readonly gateway: boolean;
  send(sms: Sms): Promise<TSmsStatus>;
}

const mask = (text: string, secret: string | undefined) =>
  secret ? text.split(secret).join('•'.repeat(secret.length)) : text;

/** A run of 4 to 8 digits: a code in an SMS written before the gateway was configured. */
const CODE_DIGITS = /\b\d{4,8}\b/g;

/** The outbox alone: the SMS is kept, in full, and that is its delivery. */
const outboxSender = (db: Database): SmsSender => ({
  gateway: false,
  async send(sms) {
    await db.insert(smsOutbox).values({ phone: sms.phone, kind: sms.kind, text: sms.text, status: 'kept' });
    return 'kept';
  },
});

export interface GatewayOptions {
  url: string;
  token: string | undefined;
  log: FastifyBaseLogger;
  /** How long the gateway may take to answer. */
  timeoutMs?: number;
}

/**
 * An HTTP SMS gateway: `POST SMS_GATEWAY_URL` with `{"to": "+996…", "text": "…"}` and `Authorization: Bearer
 * SMS_GATEWAY_TOKEN` (when set); any 2xx is sent. The outbox keeps the SMS with its code masked and the gateway's
 * error when it failed; a failure is not the caller's error (the code may still be asked again).
 */
const gatewaySender = (db: Database, options: GatewayOptions): SmsSender => ({
  gateway: true,
  async send(sms) {
    let status: TSmsStatus = 'sent';
    let error = '';
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        },
        body: JSON.stringify({ to: `+${sms.phone}`, text: sms.text }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      if (!response.ok) {
        status = 'failed';
        error = `HTTP ${response.status}: ${(await response.text()).slice(0, 500)}`;
      } else {
        await response.body?.cancel();
      }
    } catch (cause) {
      status = 'failed';
      error = cause instanceof Error ? cause.message : String(cause);
    }
    if (status === 'failed') {
      options.log.warn({ phoneEnd: sms.phone.slice(-4), error }, 'the SMS gateway did not take an SMS');
    }
    await db
      .insert(smsOutbox)
      .values({ phone: sms.phone, kind: sms.kind, text: mask(sms.text, sms.secret), status, error });
    return status;
  },
});

export const createSmsSender = (
  db: Database,
  options: { url: string | undefined; token: string | undefined; log: FastifyBaseLogger },
): SmsSender =>
  options.url ? gatewaySender(db, { url: options.url, token: options.token, log: options.log }) : outboxSender(db);

export const createSmsOutbox = (db: Database, gateway: () => boolean) => ({
  /** GET /sms-outbox/: newest first; a code's digits masked while a gateway delivers. */
  async list(query: TSmsListFilters): Promise<TSmsPage> {
    const digits = query.search?.replace(/\D/g, '');
    const where = digits ? like(smsOutbox.phone, `%${digits}%`) : undefined;
    const [total] = await db.select({ total: count() }).from(smsOutbox).where(where);
    const rows = await db
      .select()
      .from(smsOutbox)
      .where(where)
      .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size);
    const masked = gateway();
    const all = Number(total?.total ?? 0);
    return {
      items: rows.map((row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        phone: row.phone,
        kind: row.kind as 'otp',
        text: masked ? row.text.replace(CODE_DIGITS, (code) => '•'.repeat(code.length)) : row.text,
        status: row.status as TSmsStatus,
        error: row.error,
      })),
      page: query.page,
      pages: Math.max(1, Math.ceil(all / query.size)),
      size: query.size,
      total: all,
      gateway: masked,
    };
  },
});

/** Outbox rows are kept 90 days, then dropped by a daily job. */
export const SMS_KEEP_DAYS = 90;

export const smsPruneJob: ScheduledJob = {
  name: 'sms.prune',
  lockKey: 720_380_001,
  everyMs: 86_400_000,
  run: (tx, now) =>
    tx.delete(smsOutbox).where(lt(smsOutbox.createdAt, new Date(now.getTime() - SMS_KEEP_DAYS * 86_400_000))),
};
