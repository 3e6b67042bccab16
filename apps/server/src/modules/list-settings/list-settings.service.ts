import {
  DEFAULT_LIST_SETTINGS,
  ZListSettingsBody,
  type TListName,
  type TListSettings,
  type TListSettingsBody,
} from '@zaryad/contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { listSettings } from './list-settings.tables';

/**
 * A stored value a later release no longer accepts (a column key grown invalid, a density dropped) answers the
 * list's defaults instead of failing the read.
 */
const readStored = (stored: unknown): TListSettingsBody => {
  const parsed = ZListSettingsBody.safeParse(stored);
  return parsed.success ? parsed.data : DEFAULT_LIST_SETTINGS;
};

export interface ListSettingsService {
  /** The account's settings of one list; the defaults, with `updated_at` null, while it saved none. */
  get(accountId: number, list: TListName): Promise<TListSettings>;
  /** Replaces the account's settings of one list. */
  put(accountId: number, list: TListName, body: TListSettingsBody): Promise<TListSettings>;
}

export const createListSettingsService = (db: Database): ListSettingsService => ({
  async get(accountId, list) {
    const [row] = await db
      .select()
      .from(listSettings)
      .where(and(eq(listSettings.accountId, accountId), eq(listSettings.list, list)))
      .limit(1);
    return row
      ? { list, ...readStored(row.settings), updated_at: row.updatedAt.toISOString() }
      : { list, ...DEFAULT_LIST_SETTINGS, updated_at: null };
  },
  async put(accountId, list, body) {
    const settings: TListSettingsBody = { columns: body.columns, density: body.density };
    const updatedAt = new Date();
    await db
      .insert(listSettings)
      .values({ accountId, list, settings, updatedAt })
      .onConflictDoUpdate({ target: [listSettings.accountId, listSettings.list], set: { settings, updatedAt } });
    return { list, ...settings, updated_at: updatedAt.toISOString() };
  },
});
