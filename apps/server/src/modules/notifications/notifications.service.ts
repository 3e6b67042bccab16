import type { TLanguage } from '@zaryad/contracts';
import type {
  TNotification,
  TNotificationPage,
  TNotificationPreferences,
  TNotificationPreferencesBody,
  TNotificationReadBody,
  TTelegramLink,
} from '@zaryad/contracts/notifications';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { accountSettings } from '../settings';
import { DEFAULT_CHANNELS, DEFAULT_RULES } from './notifications.fan-out';
import { type NotificationPayload, renderNotification } from './notifications.render';
import { newLinkCode, TELEGRAM_CODE_TTL_MS, type TelegramBot } from './notifications.telegram';
import { notificationPreferences, notifications } from './notifications.tables';

type NotificationRow = typeof notifications.$inferSelect;

export const toNotification = (row: NotificationRow, language: TLanguage): TNotification => {
  const payload = row.payload as NotificationPayload;
  const { title, body } = renderNotification(payload, language);
  return {
    id: row.id,
    incident_id: row.incidentId,
    rule: payload.rule,
    event: payload.event,
    severity: payload.severity,
    title,
    body,
    station_id: payload.stationId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
};

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

export const createNotificationsService = (db: Database, telegram: TelegramBot | null) => {
  const unreadCount = async (accountId: number) => {
    const [row] = await db
      .select({ value: count() })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
    return row?.value ?? 0;
  };

  const preferences = async (accountId: number): Promise<TNotificationPreferences> => {
    const [row] = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.accountId, accountId));
    const [settings] = await db
      .select({ language: accountSettings.language })
      .from(accountSettings)
      .where(eq(accountSettings.accountId, accountId));
    const quietFrom = row?.quietFrom ?? null;
    const quietTo = row?.quietTo ?? null;
    return {
      rules: (row?.rules ?? DEFAULT_RULES) as TNotificationPreferences['rules'],
      merchant_ids: row?.merchantIds ?? null,
      quiet_hours: quietFrom !== null && quietTo !== null ? { from: toTime(quietFrom), to: toTime(quietTo) } : null,
      channels: (row?.channels ?? DEFAULT_CHANNELS) as TNotificationPreferences['channels'],
      language: (settings?.language ?? row?.language ?? 'ru') as TLanguage,
      telegram: {
        configured: telegram !== null,
        linked: Boolean(row?.telegramChatId),
        bot_username: telegram ? await telegram.username() : null,
      },
    };
  };

  /** The account's row with the defaults, created on first use (a link code or a save). */
  const ensurePreferences = (accountId: number, language: TLanguage) =>
    db
      .insert(notificationPreferences)
      .values({ accountId, rules: DEFAULT_RULES, channels: DEFAULT_CHANNELS, language })
      .onConflictDoNothing();

  return {
    unreadCount,

    async list(
      accountId: number,
      query: { page: number; size: number; unread?: boolean | undefined },
      language: TLanguage,
    ): Promise<TNotificationPage> {
      const where = and(
        eq(notifications.accountId, accountId),
        query.unread ? isNull(notifications.readAt) : undefined,
      );
      const [total] = await db.select({ value: count() }).from(notifications).where(where);
      const rows = await db
        .select()
        .from(notifications)
        .where(where)
        .orderBy(desc(notifications.id))
        .limit(query.size)
        .offset((query.page - 1) * query.size);
      const totalCount = total?.value ?? 0;
      return {
        items: rows.map((row) => toNotification(row, language)),
        page: query.page,
        pages: Math.max(1, Math.ceil(totalCount / query.size)),
        size: query.size,
        total: totalCount,
        unread: await unreadCount(accountId),
      };
    },

    async one(accountId: number, id: number, language: TLanguage): Promise<TNotification | null> {
      const [row] = await db
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.accountId, accountId)));
      return row ? toNotification(row, language) : null;
    },

    /** Marks the given (own) notifications read, or all of them; ids of others' are ignored. */
    async markRead(accountId: number, body: TNotificationReadBody) {
      const updated = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.accountId, accountId),
            isNull(notifications.readAt),
            body.ids ? inArray(notifications.id, body.ids) : undefined,
          ),
        )
        .returning({ id: notifications.id });
      return { updated: updated.length, unread: await unreadCount(accountId) };
    },

    preferences,

    async savePreferences(accountId: number, body: TNotificationPreferencesBody, language: TLanguage) {
      const values = {
        rules: [...new Set(body.rules)],
        merchantIds: body.merchant_ids === null ? null : [...new Set(body.merchant_ids)],
        quietFrom: body.quiet_hours ? toMinutes(body.quiet_hours.from) : null,
        quietTo: body.quiet_hours ? toMinutes(body.quiet_hours.to) : null,
        channels: [...new Set(body.channels)],
        language,
        updatedAt: new Date(),
      };
      await db
        .insert(notificationPreferences)
        .values({ accountId, ...values })
        .onConflictDoUpdate({ target: notificationPreferences.accountId, set: values });
      return preferences(accountId);
    },

    /** A new one-time code for `/start <code>` (the previous one stops working). */
    async telegramLink(accountId: number, language: TLanguage): Promise<TTelegramLink> {
      if (!telegram) {
        throw new ApiError(409, 'telegram_not_configured');
      }
      await ensurePreferences(accountId, language);
      const code = newLinkCode();
      const expiresAt = new Date(Date.now() + TELEGRAM_CODE_TTL_MS);
      await db
        .update(notificationPreferences)
        .set({ telegramCode: code, telegramCodeExpiresAt: expiresAt, language })
        .where(eq(notificationPreferences.accountId, accountId));
      const username = await telegram.username();
      return {
        code,
        expires_at: expiresAt.toISOString(),
        bot_username: username,
        url: username ? `https://t.me/${username}?start=${code}` : null,
      };
    },

    async telegramUnlink(accountId: number) {
      const rows = await db
        .update(notificationPreferences)
        .set({ telegramChatId: null, telegramCode: null, telegramCodeExpiresAt: null, updatedAt: new Date() })
        .where(
          and(
            eq(notificationPreferences.accountId, accountId),
            sql`${notificationPreferences.telegramChatId} is not null`,
          ),
        )
        .returning({ accountId: notificationPreferences.accountId });
      if (rows.length === 0) {
        throw new ApiError(404, 'telegram_not_linked');
      }
    },
  };
};

export type NotificationsService = ReturnType<typeof createNotificationsService>;
