import { ALERT_RULES, type TAlertRule, type TIncidentEvent, type TLanguage } from '@zaryad/contracts';
import type { TAccountChannel } from '@zaryad/contracts/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { ScheduledJob } from '../../platform/scheduler';
import type { Transaction } from '../../platform/transaction';
import { accounts, roles } from '../accounts';
import type { IncidentEventFeed, IncidentEventInput } from './notifications.feed';
import { toPayload } from './notifications.render';
import {
  notificationCursors,
  notificationDeliveries,
  notificationPreferences,
  notifications,
  webhooks,
} from './notifications.tables';

/** Events that are told; `repeated` and `acknowledged` only change the incident's row on the screen. */
const TOLD_EVENTS: ReadonlySet<TIncidentEvent> = new Set(['opened', 'resolved', 'assigned']);

export const FAN_OUT_CURSOR = 'incident_events';
const BATCH = 500;

/** An account's preferences as the fan-out applies them (the defaults when it has saved none). */
export interface Recipient {
  accountId: number;
  rules: ReadonlySet<string>;
  merchantIds: readonly number[] | null;
  quietFrom: number | null;
  quietTo: number | null;
  channels: ReadonlySet<string>;
  telegramChatId: string | null;
  language: TLanguage;
}

export const DEFAULT_CHANNELS: TAccountChannel[] = ['in_app'];
export const DEFAULT_RULES: TAlertRule[] = [...ALERT_RULES];

/** Minutes of the Bishkek day (UTC+6, no daylight saving). */
export const bishkekMinute = (now: Date) => (now.getUTCHours() * 60 + now.getUTCMinutes() + 360) % 1440;

/** Whether `now` is within quiet hours [from, to), across midnight when to < from; equal ends: never. */
export const isQuiet = (from: number | null, to: number | null, now: Date) => {
  if (from === null || to === null || from === to) {
    return false;
  }
  const minute = bishkekMinute(now);
  return from < to ? minute >= from && minute < to : minute >= from || minute < to;
};

/** Every active account whose role may see incidents (alerts.view), with its preferences or the defaults. */
const readRecipients = async (tx: Transaction): Promise<Recipient[]> => {
  const rows = await tx
    .select({
      accountId: accounts.id,
      rules: notificationPreferences.rules,
      merchantIds: notificationPreferences.merchantIds,
      quietFrom: notificationPreferences.quietFrom,
      quietTo: notificationPreferences.quietTo,
      channels: notificationPreferences.channels,
      telegramChatId: notificationPreferences.telegramChatId,
      language: notificationPreferences.language,
    })
    .from(accounts)
    .innerJoin(roles, eq(roles.id, accounts.roleId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.accountId, accounts.id))
    .where(and(eq(accounts.status, 0), sql`'alerts.view' = any(${roles.permissions})`));
  return rows.map((row) => ({
    accountId: row.accountId,
    rules: new Set(row.rules ?? DEFAULT_RULES),
    merchantIds: row.merchantIds ?? null,
    quietFrom: row.quietFrom ?? null,
    quietTo: row.quietTo ?? null,
    channels: new Set(row.channels ?? DEFAULT_CHANNELS),
    telegramChatId: row.telegramChatId ?? null,
    language: (row.language ?? 'ru') as TLanguage,
  }));
};

const concerns = (recipient: Recipient, input: IncidentEventInput) => {
  if (!recipient.rules.has(input.rule)) {
    return false;
  }
  if (input.event === 'assigned' && input.assignedTo !== recipient.accountId) {
    return false;
  }
  // A network-wide incident (no merchant: the ledger check) reaches every recipient of its rule.
  return (
    recipient.merchantIds === null || input.merchantId === null || recipient.merchantIds.includes(input.merchantId)
  );
};

/** What the fan-out created, to be announced once its transaction has committed. */
export interface FanOutResult {
  events: number;
  notifications: { accountId: number; notificationId: number }[];
  deliveries: number;
}

/**
 * Tells a batch of incident events: an in-app notification per matching account (always, quiet hours or not), a
 * queued e-mail and Telegram delivery per channel it chose (outside quiet hours, or for a critical incident), and a
 * queued delivery per enabled webhook of the rule. Unique indexes make a repeated batch add nothing.
 */
export const fanOutEvents = async (
  tx: Transaction,
  inputs: readonly IncidentEventInput[],
  now: Date,
): Promise<FanOutResult> => {
  const result: FanOutResult = { events: inputs.length, notifications: [], deliveries: 0 };
  const told = inputs.filter((input) => TOLD_EVENTS.has(input.event));
  if (told.length === 0) {
    return result;
  }
  const recipients = await readRecipients(tx);
  const hooks = await tx.select().from(webhooks).where(eq(webhooks.enabled, true));
  for (const input of told) {
    const payload = toPayload(input);
    const kind = `incident.${input.event}`;
    for (const recipient of recipients.filter((candidate) => concerns(candidate, input))) {
      if (recipient.channels.has('in_app')) {
        const [row] = await tx
          .insert(notifications)
          .values({
            accountId: recipient.accountId,
            eventId: input.eventId,
            incidentId: input.incidentId,
            rule: input.rule,
            event: input.event,
            severity: input.severity,
            payload,
          })
          .onConflictDoNothing()
          .returning({ id: notifications.id });
        if (row) {
          result.notifications.push({ accountId: recipient.accountId, notificationId: row.id });
        }
      }
      const quiet = input.severity !== 'critical' && isQuiet(recipient.quietFrom, recipient.quietTo, now);
      if (quiet) {
        continue;
      }
      const channels = (['email', 'telegram'] as const).filter(
        (channel) => recipient.channels.has(channel) && (channel !== 'telegram' || recipient.telegramChatId !== null),
      );
      for (const channel of channels) {
        const rows = await tx
          .insert(notificationDeliveries)
          .values({
            channel,
            accountId: recipient.accountId,
            eventId: input.eventId,
            kind,
            payload,
            nextAttemptAt: now,
          })
          .onConflictDoNothing()
          .returning({ id: notificationDeliveries.id });
        result.deliveries += rows.length;
      }
    }
    for (const hook of hooks.filter((candidate) => candidate.rules.includes(input.rule))) {
      const rows = await tx
        .insert(notificationDeliveries)
        .values({ channel: 'webhook', webhookId: hook.id, eventId: input.eventId, kind, payload, nextAttemptAt: now })
        .onConflictDoNothing()
        .returning({ id: notificationDeliveries.id });
      result.deliveries += rows.length;
    }
  }
  return result;
};

/** A reader's position (0 before its first move); read without writing, so that an idle tick changes nothing. */
const readCursor = async (tx: Transaction, name: string) => {
  const [row] = await tx
    .select({ position: notificationCursors.position })
    .from(notificationCursors)
    .where(eq(notificationCursors.name, name));
  return row?.position ?? 0;
};

const moveCursor = (tx: Transaction, name: string, position: number) =>
  tx
    .insert(notificationCursors)
    .values({ name, position })
    .onConflictDoUpdate({ target: notificationCursors.name, set: { position } });

/**
 * The fan-out as a scheduled job (platform/scheduler.ts): under its advisory lock, so that of several processes one
 * reads each batch; the cursor moves in the same transaction as the rows it wrote. `onResult` hears what a run made
 * (the caller announces it after the commit).
 */
export const fanOutJob = (
  feed: IncidentEventFeed,
  everyMs: number,
  onResult: (result: FanOutResult) => void,
): ScheduledJob => ({
  name: 'notifications fan-out',
  lockKey: 35_003_001,
  everyMs,
  async run(tx, now) {
    const after = await readCursor(tx, FAN_OUT_CURSOR);
    const inputs = await feed(tx, after, BATCH);
    const last = inputs.at(-1);
    if (!last) {
      return;
    }
    const result = await fanOutEvents(tx, inputs, now);
    await moveCursor(tx, FAN_OUT_CURSOR, last.eventId);
    onResult(result);
  },
});

export { readCursor, moveCursor };
