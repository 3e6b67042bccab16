import { z } from 'zod';
import { ALERT_RULES, ALERT_SEVERITIES, INCIDENT_EVENTS } from './alerts';
import { optionalFilter, ZPageQuery, ZQueryBoolean, zPaged } from './common';
import { registerMessages } from './messages';
import { NOTIFICATIONS_MESSAGES } from './notifications.messages';
import { zId } from './rules';

// The messages come with the schemas that use them (messages.ts, TLateMessages).
registerMessages(NOTIFICATIONS_MESSAGES);

export { NOTIFICATIONS_MESSAGES } from './notifications.messages';
export { NOTIFICATION_TEXTS, type TNotificationTexts } from './notifications.texts';

/**
 * Notifications (issue 35, item 3; docs/product/notifications.md): an incident's events fanned out to the accounts
 * whose preferences match, in the app (the bell), by e-mail and Telegram, and to the network's webhooks.
 */

/** The channels an account chooses (webhooks belong to the network, not to an account). */
export const ACCOUNT_CHANNELS = ['in_app', 'email', 'telegram'] as const;
export type TAccountChannel = (typeof ACCOUNT_CHANNELS)[number];

export const DELIVERY_STATUSES = ['pending', 'sent', 'failed'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** One in-app notification, rendered in the request's language. */
export const ZNotification = z.object({
  id: z.number().int(),
  incident_id: z.number().int().nullable(),
  rule: z.enum(ALERT_RULES),
  event: z.enum(INCIDENT_EVENTS),
  severity: z.enum(ALERT_SEVERITIES),
  title: z.string(),
  /** The station (and connector or charge) concerned, or '' for a network-wide incident. */
  body: z.string(),
  station_id: z.number().int().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationPage = zPaged(ZNotification).extend({ unread: z.number().int() });
export type TNotificationPage = z.infer<typeof ZNotificationPage>;

export const ZNotificationListQuery = ZPageQuery.pick({ page: true, size: true }).extend({
  unread: optionalFilter(ZQueryBoolean),
});

export const ZNotificationReadBody = z
  .object({
    ids: z.array(zId()).min(1).max(1000).optional(),
    all: z.literal(true).optional(),
  })
  .strict()
  .refine((body) => Boolean(body.ids) !== Boolean(body.all), { message: 'notification_read_target' });
export type TNotificationReadBody = z.infer<typeof ZNotificationReadBody>;

export const ZNotificationReadResult = z.object({ updated: z.number().int(), unread: z.number().int() });

const zTime = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'quiet_hours_invalid' });

/** Quiet hours in Bishkek time: from `from` to `to` (past midnight when to < from), only critical by e-mail and Telegram. */
export const ZQuietHours = z.object({ from: zTime(), to: zTime() }).strict();
export type TQuietHours = z.infer<typeof ZQuietHours>;

export const ZNotificationPreferencesBody = z
  .object({
    rules: z.array(z.enum(ALERT_RULES, { message: 'invalid_choice' })).max(ALERT_RULES.length),
    /** null: every merchant's stations; a list: only theirs (network-wide incidents always come). */
    merchant_ids: z.array(zId()).max(500).nullable(),
    quiet_hours: ZQuietHours.nullable(),
    channels: z.array(z.enum(ACCOUNT_CHANNELS, { message: 'invalid_choice' })).max(ACCOUNT_CHANNELS.length),
  })
  .strict();
export type TNotificationPreferencesBody = z.infer<typeof ZNotificationPreferencesBody>;

export const ZNotificationPreferences = ZNotificationPreferencesBody.extend({
  /** The language e-mails and Telegram messages are written in: the one of the last save. */
  language: z.enum(['ru', 'en', 'ky']),
  telegram: z.object({
    /** Whether the server has a bot (TELEGRAM_BOT_TOKEN). */
    configured: z.boolean(),
    linked: z.boolean(),
    bot_username: z.string().nullable(),
  }),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;

export const ZTelegramLink = z.object({
  code: z.string(),
  expires_at: z.string(),
  /** https://t.me/<bot>?start=<code> when the bot's name is known. */
  url: z.string().nullable(),
  bot_username: z.string().nullable(),
});
export type TTelegramLink = z.infer<typeof ZTelegramLink>;

export const WEBHOOK_LIMITS = { name: 100, url: 2000, secretMin: 16, secretMax: 200 } as const;

export const ZWebhookBody = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, { message: 'blank' })
      .max(WEBHOOK_LIMITS.name, { message: `max_length:${WEBHOOK_LIMITS.name}` }),
    url: z
      .string()
      .trim()
      .max(WEBHOOK_LIMITS.url, { message: `max_length:${WEBHOOK_LIMITS.url}` })
      .regex(/^https?:\/\/[^\s/]+/i, { message: 'webhook_url_invalid' }),
    /** Absent on create: the server makes one. */
    secret: z
      .string()
      .min(WEBHOOK_LIMITS.secretMin, { message: `min_length:${WEBHOOK_LIMITS.secretMin}` })
      .max(WEBHOOK_LIMITS.secretMax, { message: `max_length:${WEBHOOK_LIMITS.secretMax}` })
      .optional(),
    rules: z.array(z.enum(ALERT_RULES, { message: 'invalid_choice' })).min(1, { message: 'webhook_rules_required' }),
    enabled: z.boolean(),
  })
  .strict();
export type TWebhookBody = z.infer<typeof ZWebhookBody>;

export const ZWebhookLastDelivery = z.object({
  status: z.enum(DELIVERY_STATUSES),
  status_code: z.number().int().nullable(),
  at: z.string(),
});

export const ZWebhook = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  /** The HMAC-SHA256 key of X-Zaryad-Signature (shown to alerts.manage only). */
  secret: z.string(),
  rules: z.array(z.enum(ALERT_RULES)),
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  last_delivery: ZWebhookLastDelivery.nullable(),
});
export type TWebhook = z.infer<typeof ZWebhook>;
export const ZWebhookList = z.object({ items: z.array(ZWebhook) });

export const ZWebhookDelivery = z.object({
  id: z.number().int(),
  /** `incident.opened`, `incident.resolved`, ... or `test`. */
  event: z.string(),
  incident_id: z.number().int().nullable(),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  status_code: z.number().int().nullable(),
  duration_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
});
export type TWebhookDelivery = z.infer<typeof ZWebhookDelivery>;
export const ZWebhookDeliveryPage = zPaged(ZWebhookDelivery);
export const ZWebhookDeliveryQuery = ZPageQuery.pick({ page: true, size: true });

/** The JSON a webhook receives (signed: X-Zaryad-Signature: sha256=<hex HMAC-SHA256 of the body with the secret>). */
export interface TWebhookPayload {
  event: string;
  delivery_id: number;
  sent_at: string;
  incident: {
    id: number;
    rule: string;
    severity: string;
    status_event: string;
    station_id: number | null;
    station_name: string | null;
    connector_id: number | null;
    charge_id: number | null;
    merchant_id: number | null;
    details: unknown;
    url: string;
  } | null;
}
