import {
  DATE_FORMATS,
  DEFAULT_LANGUAGE,
  LANGUAGES,
  TIME_ZONES,
  type TAccountSettings,
  type TAccountSettingsUpdateBody,
} from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recordAudit, type TActor } from '../audit';
import { accountSettings } from './settings.tables';

/** What an account that never saved its settings gets: the product's defaults (docs/product/common.md#9-limits). */
export const DEFAULT_SETTINGS: TAccountSettings = { language: DEFAULT_LANGUAGE, time_zone: 'Asia/Bishkek', date_format: 'DD.MM.YYYY' };

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  values.find((candidate) => candidate === value) ?? fallback;

/** A stored value that a later release no longer offers falls back to the default instead of failing the answer. */
const toSettings = (row: typeof accountSettings.$inferSelect): TAccountSettings => ({
  language: oneOf(LANGUAGES, row.language, DEFAULT_SETTINGS.language),
  time_zone: oneOf(TIME_ZONES, row.timeZone, DEFAULT_SETTINGS.time_zone),
  date_format: oneOf(DATE_FORMATS, row.dateFormat, DEFAULT_SETTINGS.date_format),
});

export interface SettingsService {
  get(accountId: number): Promise<TAccountSettings>;
  /** The account changes its own settings: it is the actor. */
  update(actor: TActor & { id: number }, body: TAccountSettingsUpdateBody): Promise<TAccountSettings>;
}

export const createSettingsService = (db: Database): SettingsService => {
  const get = async (accountId: number) => {
    const [row] = await db.select().from(accountSettings).where(eq(accountSettings.accountId, accountId)).limit(1);
    return row ? toSettings(row) : DEFAULT_SETTINGS;
  };

  return {
    get,
    async update(actor, body) {
      const accountId = actor.id;
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(accountSettings).where(eq(accountSettings.accountId, accountId)).for('update');
        const merged: TAccountSettings = { ...(row ? toSettings(row) : DEFAULT_SETTINGS), ...body };
        const values = { language: merged.language, timeZone: merged.time_zone, dateFormat: merged.date_format, updatedAt: new Date() };
        await tx
          .insert(accountSettings)
          .values({ accountId, ...values })
          .onConflictDoUpdate({ target: accountSettings.accountId, set: values });
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'account_settings',
          entityId: accountId,
          before: row ? toSettings(row) : DEFAULT_SETTINGS,
          after: body,
        });
        return merged;
      });
    },
  };
};
