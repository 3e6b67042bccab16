import {
  STATUS,
  type TBulkStatusBody,
  type TPaged,
  type TTag,
  type ZTagCreateBody,
  type ZTagUpdateBody,
} from '@zaryad/contracts';
import { eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/api-errors';
import { changeStatuses, changeStatusesWhere } from '../../platform/bulk-status';
import { deleteWhenInactive } from '../../platform/delete-when-inactive';
import { toStatus } from '../../platform/status';
import { mapUniqueViolation, titleTaken } from '../../platform/unique-violation';
import { descending, queryList } from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import { tags } from './tags.tables';
import { catalogueConditions, type TCatalogueFilter } from '../../platform/titled-catalogue';

/** A new tag; active unless `status` says otherwise (the seed leaves it out). */
export type TTagCreate = Omit<z.output<typeof ZTagCreateBody>, 'status'> & {
  status?: z.output<typeof ZTagCreateBody>['status'];
};
export type TTagUpdate = z.output<typeof ZTagUpdateBody>;

const toTag = (row: typeof tags.$inferSelect): TTag => ({
  id: row.id,
  title_ru: row.titleRu,
  title_en: row.titleEn,
  title_ky: row.titleKy,
  status: toStatus(row.status),
});

export interface TagsService {
  list(filter: TCatalogueFilter): Promise<TPaged<TTag>>;
  create(body: TTagCreate, actor: TActor): Promise<TTag>;
  update(id: number, body: TTagUpdate, actor: TActor): Promise<TTag>;
  /** Refuses (DeleteRefusedError, a 400 array body) while the tag is active: stations may show it. */
  remove(id: number, actor: TActor): Promise<void>;
  setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TTag[]>;
  /** Every tag the list shows with `filter` (issue 31). */
  setStatusesWhere(body: { filter: TCatalogueFilter; active: boolean }, actor: TActor): Promise<{ updated: number }>;
}

/** The tags the list shows for a filter: the list and the bulk change by filter read the same rows. */
const listConditions = (filter: TCatalogueFilter) => catalogueConditions(tags, filter);

export const createTagsService = (db: Database): TagsService => {
  const findTag = async (id: number) => {
    const [row] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return row;
  };

  // The case-insensitive unique index on title_ru decides, concurrent writes included.
  const withTitleCheck = <T>(write: () => Promise<T>): Promise<T> =>
    mapUniqueViolation(write, titleTaken('tags_title_ru_lower_idx'));

  return {
    async list(filter) {
      const source = { table: tags, id: tags.id, where: listConditions(filter), order: descending(tags.id) };
      return queryList(db, source, filter, async (ids) =>
        (await db.select().from(tags).where(inArray(tags.id, ids))).map(toTag),
      );
    },

    async create(body, actor) {
      const row = await withTitleCheck(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(tags)
            .values({
              titleRu: body.title_ru,
              titleEn: body.title_en,
              titleKy: body.title_ky,
              status: body.status ?? STATUS.active,
            })
            .returning();
          if (!created) {
            throw new Error('insert returned no row');
          }
          await recordAudit(tx, { actor, action: 'create', entity: 'tag', entityId: created.id, after: body });
          return created;
        }),
      );
      return toTag(row);
    },

    async update(id, body, actor) {
      const existing = await findTag(id);
      const values: Partial<typeof tags.$inferInsert> = {
        ...(body.title_ru !== undefined && { titleRu: body.title_ru }),
        ...(body.title_en !== undefined && { titleEn: body.title_en }),
        ...(body.title_ky !== undefined && { titleKy: body.title_ky }),
      };
      if (Object.keys(values).length === 0) {
        return toTag(existing);
      }
      const row = await withTitleCheck(() =>
        db.transaction(async (tx) => {
          const [updated] = await tx
            .update(tags)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(tags.id, id))
            .returning();
          await recordAudit(tx, { actor, action: 'update', entity: 'tag', entityId: id, before: toTag(existing), after: body });
          return updated;
        }),
      );
      if (!row) {
        throw notFound();
      }
      return toTag(row);
    },

    async remove(id, actor) {
      await deleteWhenInactive(db, {
        table: tags,
        id,
        entity: 'tag',
        actor,
        recordAudit,
        auditChanges: (row) => ({ title_ru: row.titleRu, title_en: row.titleEn, title_ky: row.titleKy }),
      });
    },

    async setStatuses(body, actor) {
      const rows = await changeStatuses(db, body, { table: tags, entity: 'tag', actor, recordAudit });
      return rows.map(toTag);
    },

    async setStatusesWhere({ filter, active }, actor) {
      return changeStatusesWhere(db, {
        table: tags,
        entity: 'tag',
        actor,
        recordAudit,
        where: listConditions(filter),
        active,
      });
    },
  };
};
