import { randomInt } from 'node:crypto';
import type { TLanguage } from '@zaryad/contracts';
import { NOTIFICATION_TEXTS } from '@zaryad/contracts/notifications';
import { and, eq, gt } from 'drizzle-orm';
import type { Api } from 'grammy';
import type { ScheduledJob } from '../../platform/scheduler';
import type { NotificationsConfig } from '../../config';
import { accountSettings } from '../settings';
import { moveCursor, readCursor } from './notifications.fan-out';
import { notificationPreferences } from './notifications.tables';

/**
 * The network's Telegram bot, built on grammY's Bot API client (docs/product/notifications.md#telegram): it sends the
 * notifications, and reads `/start <code>` messages by getUpdates polling under the scheduler's advisory lock (one
 * process polls; the offset is kept in notification_cursors), linking the chat to the account whose code it is.
 */
export interface TelegramBot {
  /** The Bot API's client, its package loaded at the first use (grammy is 0.1-0.3 s of a start that never needs it). */
  api(): Promise<Api>;
  send(chatId: string, text: string): Promise<void>;
  /** The bot's @name for the t.me link, read once by getMe; null when the Bot API cannot be reached. */
  username(): Promise<string | null>;
}

export const createTelegramBot = (config: NotificationsConfig): TelegramBot | null => {
  if (!config.telegramBotToken) {
    return null;
  }
  const token = config.telegramBotToken;
  let client: Promise<Api> | null = null;
  const api = () =>
    (client ??= import('grammy').then(
      ({ Api: BotApi }) => new BotApi(token, { apiRoot: config.telegramApiUrl, timeoutSeconds: 15 }),
    ));
  let name: Promise<string | null> | null = null;
  return {
    api,
    async send(chatId, text) {
      await (await api()).sendMessage(chatId, text, { link_preview_options: { is_disabled: true } });
    },
    username() {
      // A Bot API that does not answer must not hold the profile screen: two seconds, then null (asked again later).
      name ??= Promise.race([
        api().then(async (bot) => (await bot.getMe()).username),
        new Promise<never>((_resolve, reject) => setTimeout(() => reject(new Error('getMe timed out')), 2000).unref()),
      ]).catch(() => {
        name = null;
        return null;
      });
      return name;
    },
  };
};

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const TELEGRAM_CODE_TTL_MS = 15 * 60 * 1000;

/** A one-time code: 10 characters without look-alikes (I, O, 0, 1). */
export const newLinkCode = () =>
  Array.from({ length: 10 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const START = /^\/start(?:@\S+)?\s+([A-Za-z0-9]{4,32})\s*$/;
export const TELEGRAM_CURSOR = 'telegram_updates';

/** Polls the bot's updates once (no long wait: the job runs every few seconds) and links the chats that sent a code. */
export const telegramLinkJob = (bot: TelegramBot, everyMs: number): ScheduledJob => ({
  name: 'telegram link',
  lockKey: 35_003_002,
  everyMs,
  async run(tx, now) {
    const offset = await readCursor(tx, TELEGRAM_CURSOR);
    const updates = await (
      await bot.api()
    ).getUpdates({
      offset: offset + 1,
      timeout: 0,
      limit: 100,
      allowed_updates: ['message'],
    });
    for (const update of updates) {
      const message = update.message;
      const match = START.exec(message?.text ?? '');
      if (!message || !match?.[1]) {
        continue;
      }
      const chatId = String(message.chat.id);
      const [linked] = await tx
        .update(notificationPreferences)
        .set({ telegramChatId: chatId, telegramCode: null, telegramCodeExpiresAt: null, updatedAt: now })
        .where(
          and(
            eq(notificationPreferences.telegramCode, match[1].toUpperCase()),
            gt(notificationPreferences.telegramCodeExpiresAt, now),
          ),
        )
        .returning({ accountId: notificationPreferences.accountId, language: notificationPreferences.language });
      const [settings] = linked
        ? await tx
            .select({ language: accountSettings.language })
            .from(accountSettings)
            .where(eq(accountSettings.accountId, linked.accountId))
        : [];
      const texts = NOTIFICATION_TEXTS[(settings?.language ?? linked?.language ?? 'ru') as TLanguage];
      await bot.send(chatId, linked ? texts.linked : texts.linkUnknown).catch(() => undefined);
    }
    const last = updates.at(-1);
    if (last) {
      await moveCursor(tx, TELEGRAM_CURSOR, last.update_id);
    }
  },
});
