import {
  STATUS,
  type TBulkStatusBody,
  type TPaged,
  type TTag,
  type ZTagCreateBody,
  type ZTagUpdateBody,
} from '@zaryad/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/api-errors';
import { descending, queryList } from '../../platform/list-query';
import { recordAudit } from '../audit/audit.service';
import { DeleteRefusedError } from './delete-refusal';
import { tags } from './tags.tables';
import {
  catalogueConditions,
  isUniqueViolation,
  type TCatalogueFilter,
  titleTaken,
  toStatus,
} from './titled-catalogue';

export type TTagCreate = z.output<typeof ZTagCreateBody>;
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
  create(body: TTagCreate, actorId: number | null): Promise<TTag>;
  update(id: number, body: TTagUpdate, actorId: number | null): Promise<TTag>;
  /** Refuses (DeleteRefusedError) while the tag is active: stations may show it. */
  remove(id: number, actorId: number | null): Promise<void>;
  setStatuses(body: TBulkStatusBody, actorId: number | null): Promise<TTag[]>;
}

export const createTagsService = (db: Database): TagsService => {
  const findTag = async (id: number) => {
    const [row] = await db.select().from(tags).where(eq(tags.id, id)).limit(1);
    if (!row) {
      throw notFound();
    }
    return row;
  };

  // The case-insensitive unique index on title_ru decides, concurrent writes included.
  const withTitleCheck = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw titleTaken();
      }
      throw error;
    }
  };

  return {
    async list(filter) {
      const source = { table: tags, id: tags.id, where: catalogueConditions(tags, filter), order: descending(tags.id) };
      return queryList(db, source, filter, async (ids) =>
        (await db.select().from(tags).where(inArray(tags.id, ids))).map(toTag),
      );
    },

    async create(body, actorId) {
      const row = await withTitleCheck(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(tags)
            .values({ titleRu: body.title_ru, titleEn: body.title_en, titleKy: body.title_ky, status: STATUS.active })
            .returning();
          if (!created) {
            throw new Error('insert returned no row');
          }
          await recordAudit(tx, { actorId, action: 'create', entity: 'tag', entityId: created.id, changes: body });
          return created;
        }),
      );
      return toTag(row);
    },

    async update(id, body, actorId) {
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
          await recordAudit(tx, { actorId, action: 'update', entity: 'tag', entityId: id, changes: body });
          return updated;
        }),
      );
      if (!row) {
        throw notFound();
      }
      return toTag(row);
    },

    async remove(id, actorId) {
      const existing = await findTag(id);
      if (existing.status === STATUS.active) {
        throw new DeleteRefusedError(['active_delete_forbidden']);
      }
      await db.transaction(async (tx) => {
        // The status condition keeps a tag activated meanwhile from being deleted.
        const deleted = await tx
          .delete(tags)
          .where(and(eq(tags.id, id), eq(tags.status, STATUS.inactive)))
          .returning({ id: tags.id });
        if (deleted.length === 0) {
          throw new DeleteRefusedError(['active_delete_forbidden']);
        }
        await recordAudit(tx, {
          actorId,
          action: 'delete',
          entity: 'tag',
          entityId: id,
          changes: { title_ru: existing.titleRu, title_en: existing.titleEn, title_ky: existing.titleKy },
        });
      });
    },

    async setStatuses(body, actorId) {
      const ids = [...new Set(body.ids)];
      const existing = await db.select({ id: tags.id }).from(tags).where(inArray(tags.id, ids));
      if (existing.length !== ids.length) {
        throw notFound();
      }
      const status = body.active ? STATUS.active : STATUS.inactive;
      const rows = await db.transaction(async (tx) => {
        const updated = await tx
          .update(tags)
          .set({ status, updatedAt: new Date() })
          .where(inArray(tags.id, ids))
          .returning();
        for (const id of ids) {
          await recordAudit(tx, { actorId, action: 'status', entity: 'tag', entityId: id, changes: { status } });
        }
        return updated;
      });
      return rows.sort((a, b) => a.id - b.id).map(toTag);
    },
  };
};
