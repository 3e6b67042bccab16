import { createHmac } from 'node:crypto';
import type { TLanguage } from '@zaryad/contracts';
import { NOTIFICATION_TEXTS, type TWebhookPayload } from '@zaryad/contracts/notifications';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { NotificationsConfig } from '../../config';
import type { Database } from '../../db/client';
import type { Metrics } from '../../platform/metrics';
import type { Mailer } from '../../platform/mail';
import { accounts } from '../accounts';
import { accountSettings } from '../settings';
import { type NotificationPayload, incidentUrl, renderMessage } from './notifications.render';
import type { TelegramBot } from './notifications.telegram';
import { notificationDeliveries, notificationPreferences, webhooks } from './notifications.tables';

type DeliveryRow = typeof notificationDeliveries.$inferSelect;

export interface DeliveryContext {
  db: Database;
  mailer: Mailer;
  telegram: TelegramBot | null;
  config: NotificationsConfig;
  publicUrl: string;
  /** The webhook request's time limit. */
  webhookTimeoutMs?: number;
  /** The process's metrics: each attempt's outcome by channel. */
  metrics?: Metrics;
}

/** What one attempt did: the HTTP status and duration of a webhook's answer when there was one. */
interface Attempt {
  statusCode: number | null;
  durationMs: number | null;
}

class DeliveryError extends Error {
  constructor(
    message: string,
    readonly attempt: Attempt = { statusCode: null, durationMs: null },
    /** Retrying cannot help (no such account, no chat): failed at once. */
    readonly final = false,
  ) {
    super(message);
  }
}

export const SIGNATURE_HEADER = 'X-Zaryad-Signature';
/** `sha256=<hex>` of the HMAC-SHA256 of the exact body with the webhook's secret. */
export const signBody = (secret: string, body: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const recipientOf = async (db: Database, accountId: number | null) => {
  const [row] = await db
    .select({
      email: accounts.email,
      status: accounts.status,
      language: sql<string>`coalesce(${accountSettings.language}, ${notificationPreferences.language}, 'ru')`,
      chatId: notificationPreferences.telegramChatId,
    })
    .from(accounts)
    .leftJoin(notificationPreferences, eq(notificationPreferences.accountId, accounts.id))
    .leftJoin(accountSettings, eq(accountSettings.accountId, accounts.id))
    .where(eq(accounts.id, accountId ?? 0));
  if (!row || row.status !== 0) {
    throw new DeliveryError('account_inactive', undefined, true);
  }
  return { ...row, language: row.language as TLanguage };
};

export const webhookBody = (row: DeliveryRow, publicUrl: string, now: Date): TWebhookPayload => {
  if (row.kind === 'test') {
    return { event: 'test', delivery_id: row.id, sent_at: now.toISOString(), incident: null };
  }
  const payload = row.payload as NotificationPayload;
  return {
    event: row.kind,
    delivery_id: row.id,
    sent_at: now.toISOString(),
    incident: {
      id: payload.incidentId,
      rule: payload.rule,
      severity: payload.severity,
      status_event: payload.event,
      station_id: payload.stationId,
      station_name: payload.stationName?.en ?? null,
      connector_id: payload.connectorId,
      charge_id: payload.chargeId,
      merchant_id: payload.merchantId,
      details: payload.details ?? null,
      url: incidentUrl(publicUrl, payload.incidentId),
    },
  };
};

const sendWebhook = async (context: DeliveryContext, row: DeliveryRow, now: Date): Promise<Attempt> => {
  const [hook] = await context.db
    .select()
    .from(webhooks)
    .where(eq(webhooks.id, row.webhookId ?? 0));
  if (!hook) {
    throw new DeliveryError('webhook_deleted', undefined, true);
  }
  const body = JSON.stringify(webhookBody(row, context.publicUrl, now));
  const started = performance.now();
  let response: Response;
  try {
    response = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Zaryad-Webhook/1',
        [SIGNATURE_HEADER]: signBody(hook.secret, body),
        'X-Zaryad-Event': row.kind,
        'X-Zaryad-Delivery': String(row.id),
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(context.webhookTimeoutMs ?? 10_000),
    });
    await response.arrayBuffer().catch(() => undefined);
  } catch (error) {
    const durationMs = Math.round(performance.now() - started);
    throw new DeliveryError(error instanceof Error ? `${error.name}: ${error.message}` : String(error), {
      statusCode: null,
      durationMs,
    });
  }
  const attempt = { statusCode: response.status, durationMs: Math.round(performance.now() - started) };
  if (response.status < 200 || response.status >= 300) {
    throw new DeliveryError(`HTTP ${response.status}`, attempt);
  }
  return attempt;
};

const sendOne = async (context: DeliveryContext, row: DeliveryRow, now: Date): Promise<Attempt> => {
  const none = { statusCode: null, durationMs: null };
  if (row.channel === 'webhook') {
    return sendWebhook(context, row, now);
  }
  const recipient = await recipientOf(context.db, row.accountId);
  const payload = row.payload as NotificationPayload;
  if (row.channel === 'email') {
    const message = renderMessage(payload, recipient.language, context.publicUrl);
    // Handed to the app's mailer: kept in its outbox, then sent over SMTP_URL.
    await context.mailer.send({ to: recipient.email, subject: message.subject, text: message.text });
    return none;
  }
  if (row.channel === 'telegram') {
    if (!context.telegram) {
      throw new DeliveryError('telegram_not_configured', undefined, true);
    }
    if (!recipient.chatId) {
      throw new DeliveryError('telegram_not_linked', undefined, true);
    }
    const text =
      row.kind === 'test'
        ? NOTIFICATION_TEXTS[recipient.language].test
        : renderMessage(payload, recipient.language, context.publicUrl).text;
    await context.telegram.send(recipient.chatId, text);
    return none;
  }
  throw new DeliveryError(`unknown channel ${row.channel}`, undefined, true);
};

/** The delay before attempt n + 1 after n failed ones: retrySeconds, doubled each time, at most a day. */
export const backoffMs = (config: NotificationsConfig, attempts: number) =>
  Math.min(config.retrySeconds * 1000 * 2 ** Math.max(0, attempts - 1), 24 * 3600 * 1000);

export const DELIVERY_BATCH = 10;
/** How long a claimed delivery is hidden from other workers: longer than any send's time limit (webhook 10 s, Bot API 15 s). */
const CLAIM_LEASE_MS = 120_000;

/**
 * Claims up to DELIVERY_BATCH due pending deliveries in one statement (FOR UPDATE SKIP LOCKED: another process claims
 * others, never these), counting the attempt and moving next_attempt_at past a lease so that no other worker sees them
 * as due; then sends each outside any transaction and records the outcome: sent, pending again after the backoff, or
 * failed after the last attempt. A process that dies mid-send leaves the delivery to be retried once its lease ends.
 * Answers how many it claimed.
 */
export const deliverDue = async (context: DeliveryContext, now = new Date()): Promise<number> => {
  const due = context.db
    .select({ id: notificationDeliveries.id })
    .from(notificationDeliveries)
    .where(and(eq(notificationDeliveries.status, 'pending'), lte(notificationDeliveries.nextAttemptAt, now)))
    .orderBy(asc(notificationDeliveries.nextAttemptAt), asc(notificationDeliveries.id))
    .limit(DELIVERY_BATCH)
    .for('update', { skipLocked: true });
  const rows = await context.db
    .update(notificationDeliveries)
    .set({
      attempts: sql`${notificationDeliveries.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + CLAIM_LEASE_MS),
    })
    .where(inArray(notificationDeliveries.id, due))
    .returning();
  rows.sort((a, b) => a.id - b.id);
  for (const row of rows) {
    try {
      const attempt = await sendOne(context, row, new Date());
      await context.db
        .update(notificationDeliveries)
        .set({ status: 'sent', sentAt: new Date(), lastError: null, ...attempt })
        .where(eq(notificationDeliveries.id, row.id));
      context.metrics?.notifications.inc({ channel: row.channel, outcome: 'sent' });
    } catch (error) {
      const failure =
        error instanceof DeliveryError
          ? error
          : new DeliveryError(error instanceof Error ? error.message : String(error));
      const isLast = failure.final || row.attempts >= context.config.maxAttempts;
      await context.db
        .update(notificationDeliveries)
        .set({
          status: isLast ? 'failed' : 'pending',
          lastError: failure.message.slice(0, 2000),
          ...failure.attempt,
          nextAttemptAt: new Date(Date.now() + (isLast ? 0 : backoffMs(context.config, row.attempts))),
        })
        .where(eq(notificationDeliveries.id, row.id));
      context.metrics?.notifications.inc({ channel: row.channel, outcome: isLast ? 'failed' : 'retried' });
    }
  }
  return rows.length;
};

/** Delivers until nothing is due (a burst is sent in batches of DELIVERY_BATCH). */
export const deliverAllDue = async (context: DeliveryContext) => {
  let total = 0;
  for (;;) {
    const claimed = await deliverDue(context);
    total += claimed;
    if (claimed < DELIVERY_BATCH) {
      return total;
    }
  }
};
