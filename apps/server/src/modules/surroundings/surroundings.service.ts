import {
  STATUS,
  type TBulkStatusBody,
  type TPaged,
  type TSurrounding,
  type ZSurroundingFields,
  type ZSurroundingUpdateFields,
} from '@zaryad/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/api-errors';
import { changeStatuses, changeStatusesWhere } from '../../platform/bulk-status';
import { deleteWhenInactive } from '../../platform/delete-when-inactive';
import { toStatus } from '../../platform/status';
import { titleTaken, uniqueFieldError } from '../../platform/unique-violation';
import { descending, queryList } from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import type { FileStorage } from '../media';
import { catalogueConditions, type TCatalogueFilter } from '../../platform/titled-catalogue';
import { surroundings } from './surroundings.tables';

/** A new item; active unless `status` says otherwise (the seed leaves it out). */
export type TSurroundingCreate = Omit<z.output<typeof ZSurroundingFields>, 'status'> & {
  status?: z.output<typeof ZSurroundingFields>['status'];
};
export type TSurroundingUpdate = z.output<typeof ZSurroundingUpdateFields>;

export interface SurroundingsService {
  list(filter: TCatalogueFilter): Promise<TPaged<TSurrounding>>;
  /** `icon` is the sanitised svg text. */
  create(body: TSurroundingCreate, icon: string, actor: TActor): Promise<TSurrounding>;
  /** A new icon replaces the old file, which is deleted once the change is committed. */
  update(id: number, body: TSurroundingUpdate, icon: string | undefined, actor: TActor): Promise<TSurrounding>;
  /** Refuses (DeleteRefusedError) while the item is active; deletes its icon file too. */
  remove(id: number, actor: TActor): Promise<void>;
  setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TSurrounding[]>;
  /** Every item the list shows with `filter` (issue 31). */
  setStatusesWhere(body: { filter: TCatalogueFilter; active: boolean }, actor: TActor): Promise<{ updated: number }>;
}

/** The items the list shows for a filter: the list and the bulk change by filter read the same rows. */
const listConditions = (filter: TCatalogueFilter) => catalogueConditions(surroundings, filter);

export const createSurroundingsService = (db: Database, storage: FileStorage): SurroundingsService => {
  const toSurrounding = (row: typeof surroundings.$inferSelect): TSurrounding => ({
    id: row.id,
    title_ru: row.titleRu,
    title_en: row.titleEn,
    title_ky: row.titleKy,
    icon_path: row.iconPath ? storage.url(row.iconPath) : null,
    status: toStatus(row.status),
  });

  const findSurrounding = async (id: number) => {
    const [row] = await db.select().from(surroundings).where(eq(surroundings.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return row;
  };

  /**
   * Runs a write that references a freshly stored file: when the write fails (a taken title, a lost race) the file
   * is removed so that no orphan stays on disk.
   */
  const writeWithFile = async <T>(path: string | undefined, write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (path) {
        await storage.deleteFile(path);
      }
      throw uniqueFieldError(error, [titleTaken('surroundings_title_ru_lower_idx')]) ?? error;
    }
  };

  return {
    async list(filter) {
      const source = {
        table: surroundings,
        id: surroundings.id,
        where: listConditions(filter),
        order: descending(surroundings.id),
      };
      return queryList(db, source, filter, async (ids) =>
        (await db.select().from(surroundings).where(inArray(surroundings.id, ids))).map(toSurrounding),
      );
    },

    async create(body, icon, actor) {
      const iconPath = await storage.saveFile(Buffer.from(icon, 'utf8'), 'svg');
      const row = await writeWithFile(iconPath, () =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(surroundings)
            .values({
              titleRu: body.title_ru,
              titleEn: body.title_en,
              titleKy: body.title_ky,
              iconPath,
              status: body.status ?? STATUS.active,
            })
            .returning();
          if (!created) {
            throw new Error('insert returned no row');
          }
          await recordAudit(tx, {
            actor,
            action: 'create',
            entity: 'surrounding',
            entityId: created.id,
            after: { ...body, icon_path: iconPath },
          });
          return created;
        }),
      );
      return toSurrounding(row);
    },

    async update(id, body, icon, actor) {
      const existing = await findSurrounding(id);
      const iconPath = icon === undefined ? undefined : await storage.saveFile(Buffer.from(icon, 'utf8'), 'svg');
      const values: Partial<typeof surroundings.$inferInsert> = {
        ...(body.title_ru !== undefined && { titleRu: body.title_ru }),
        ...(body.title_en !== undefined && { titleEn: body.title_en }),
        ...(body.title_ky !== undefined && { titleKy: body.title_ky }),
        ...(iconPath !== undefined && { iconPath }),
      };
      if (Object.keys(values).length === 0) {
        return toSurrounding(existing);
      }
      const row = await writeWithFile(iconPath, () =>
        db.transaction(async (tx) => {
          const [updated] = await tx
            .update(surroundings)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(surroundings.id, id))
            .returning();
          if (!updated) {
            throw notFound();
          }
          await recordAudit(tx, {
            actor,
            action: 'update',
            entity: 'surrounding',
            entityId: id,
            // The uploaded icon is recorded by its stored path, before and after.
            before: existing,
            after: { ...body, ...(iconPath !== undefined && { icon_path: iconPath }) },
          });
          return updated;
        }),
      );
      if (iconPath !== undefined && existing.iconPath && existing.iconPath !== iconPath) {
        await storage.deleteFile(existing.iconPath);
      }
      return toSurrounding(row);
    },

    async remove(id, actor) {
      const deleted = await deleteWhenInactive(db, {
        table: surroundings,
        id,
        entity: 'surrounding',
        actor,
        recordAudit,
        auditChanges: (row) => ({ title_ru: row.titleRu, icon_path: row.iconPath }),
      });
      // After the commit: a failed delete of the row must not lose the icon it still shows.
      if (deleted.iconPath) {
        await storage.deleteFile(deleted.iconPath);
      }
    },

    async setStatuses(body, actor) {
      const rows = await changeStatuses(db, body, { table: surroundings, entity: 'surrounding', actor, recordAudit });
      return rows.map(toSurrounding);
    },

    async setStatusesWhere({ filter, active }, actor) {
      const where = listConditions(filter);
      return changeStatusesWhere(db, { table: surroundings, entity: 'surrounding', actor, recordAudit, where, active });
    },
  };
};
