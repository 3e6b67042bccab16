/** News of the dashboard's timeline: operators post, edit and delete them (news.create, news.edit, news.delete). */
import type { TNews, TNewsBody } from '@zaryad/contracts/analytics';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { accounts } from '../accounts';
import { recordAudit, type TActor } from '../audit';
import { news } from './analytics.tables';

export const newsColumns = {
  id: news.id,
  titleRu: news.titleRu,
  titleEn: news.titleEn,
  titleKy: news.titleKy,
  textRu: news.textRu,
  textEn: news.textEn,
  textKy: news.textKy,
  date: news.date,
  createdAt: news.createdAt,
  authorId: news.authorId,
  authorName: sql<string | null>`nullif(trim(${accounts.firstName} || ' ' || ${accounts.lastName}), '')`,
};

export type TNewsRow = {
  id: number;
  titleRu: string;
  titleEn: string;
  titleKy: string;
  textRu: string;
  textEn: string;
  textKy: string;
  date: string;
  createdAt: Date;
  authorId: number | null;
  authorName: string | null;
};

export const toNews = (row: TNewsRow): TNews => ({
  id: row.id,
  title_ru: row.titleRu,
  title_en: row.titleEn,
  title_ky: row.titleKy,
  text_ru: row.textRu,
  text_en: row.textEn,
  text_ky: row.textKy,
  date: row.date,
  author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
  created_at: new Date(row.createdAt).toISOString(),
});

const fieldsOf = (body: TNewsBody) => ({
  titleRu: body.title_ru,
  titleEn: body.title_en,
  titleKy: body.title_ky,
  textRu: body.text_ru,
  textEn: body.text_en,
  textKy: body.text_ky,
  date: body.date,
});

export const createNewsService = (db: Database) => {
  const readOne = async (id: number) => {
    const [row] = await db
      .select(newsColumns)
      .from(news)
      .leftJoin(accounts, eq(accounts.id, news.authorId))
      .where(eq(news.id, id));
    if (!row) {
      throw new ApiError(404, 'news_not_found');
    }
    return toNews(row);
  };

  return {
    get: readOne,

    async create(body: TNewsBody, actor: TActor) {
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(news)
          .values({ ...fieldsOf(body), authorId: actor.id })
          .returning({ id: news.id });
        if (!row) {
          throw new Error('news insert returned no row');
        }
        await recordAudit(tx, { actor, action: 'create', entity: 'news', entityId: row.id, after: body });
        return row.id;
      });
      return readOne(id);
    },

    async update(id: number, body: TNewsBody, actor: TActor) {
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(news).where(eq(news.id, id)).for('update');
        if (!before) {
          throw new ApiError(404, 'news_not_found');
        }
        await tx
          .update(news)
          .set({ ...fieldsOf(body), updatedAt: new Date() })
          .where(eq(news.id, id));
        await recordAudit(tx, { actor, action: 'update', entity: 'news', entityId: id, before, after: body });
      });
      return readOne(id);
    },

    async remove(id: number, actor: TActor) {
      await db.transaction(async (tx) => {
        const [before] = await tx.delete(news).where(eq(news.id, id)).returning();
        if (!before) {
          throw new ApiError(404, 'news_not_found');
        }
        await recordAudit(tx, { actor, action: 'delete', entity: 'news', entityId: id, before });
      });
    },
  };
};

export type NewsService = ReturnType<typeof createNewsService>;
