import {
  STATUS,
  type TBulkStatusBody,
  type TCatalogueRef,
  type TLanguage,
  type TMerchant,
  type TMerchantForUpdate,
  type TMerchantRow,
  type TNamedRef,
  type TPaged,
  type ZMerchantCreateBody,
  type ZMerchantListQuery,
  type ZMerchantUpdateBody,
  type ZPageQuery,
} from '@zaryad/contracts';
import { asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { changeStatuses, changeStatusesWhere } from '../../platform/bulk-status';
import {
  allOf,
  anyOf,
  ascending,
  descending,
  phoneSearch,
  queryList,
  searchAny,
  statusFilter,
} from '../../platform/list-query';
import { recordAudit, type TActor } from '../audit';
import { MEDIA_URL_PREFIX } from '../media';
import { normaliseSchedule, toScheduleDays } from '../schedules';
import { surroundings } from '../surroundings';
import { tags } from '../tags';
import { checkMerchantReferences } from './merchant-references';
import { selectMerchantRows, toStatus } from './merchant-rows';
import { merchantEnvironment, merchants, merchantTags } from './merchants.tables';

export type TMerchantCreate = z.output<typeof ZMerchantCreateBody>;
export type TMerchantUpdate = z.output<typeof ZMerchantUpdateBody>;
export type TMerchantFilter = z.output<typeof ZMerchantListQuery>;
export type TOptionFilter = z.output<typeof ZPageQuery>;

export interface MerchantsService {
  list(filter: TMerchantFilter, language: TLanguage): Promise<TPaged<TMerchantRow>>;
  get(id: number, language: TLanguage): Promise<TMerchant>;
  getForUpdate(id: number): Promise<TMerchantForUpdate>;
  create(body: TMerchantCreate, actor: TActor, language: TLanguage): Promise<TMerchant>;
  /** Only the fields sent change; tags, environment and schedule replace the whole list. */
  update(id: number, body: TMerchantUpdate, actor: TActor, language: TLanguage): Promise<TMerchant>;
  setStatuses(body: TBulkStatusBody, actor: TActor, language: TLanguage): Promise<TMerchantRow[]>;
  /** Every merchant the list shows with `filter` (issue 31). */
  setStatusesWhere(body: { filter: TMerchantFilter; active: boolean }, actor: TActor): Promise<{ updated: number }>;
  /** Active merchants to pick for a promotion or banner, by name. */
  listOptions(filter: TOptionFilter): Promise<TPaged<TNamedRef>>;
}

export const merchantNotFound = () => new ApiError(404, 'merchant_not_found');

/** Search over the text columns; a phone-like search also finds phones typed with the mask (+996 (555) ...). */
const searchCondition = (search: string | undefined): SQL | undefined =>
  anyOf(
    searchAny(search, [merchants.name, merchants.agreementNumber, merchants.legalEntity, merchants.email]),
    phoneSearch(search, merchants.phone),
  );

const catalogueRef = (row: { id: number; titleRu: string; titleEn: string; titleKy: string }): TCatalogueRef => ({
  id: row.id,
  title_ru: row.titleRu,
  title_en: row.titleEn,
  title_ky: row.titleKy,
});

/** The merchants the list shows for a filter: the list and the bulk change by filter read the same rows. */
const listConditions = (filter: TMerchantFilter) =>
  allOf(searchCondition(filter.search), statusFilter(merchants.status, filter.active));

export const createMerchantsService = (db: Database): MerchantsService => {
  const findRow = async (id: number, language: TLanguage) => {
    const [found] = await selectMerchantRows(db, { where: eq(merchants.id, id), language, limit: 1, offset: 0 });
    if (!found) {
      throw merchantNotFound();
    }
    return found;
  };

  const loadTags = async (merchantId: number) =>
    (
      await db
        .select({ id: tags.id, titleRu: tags.titleRu, titleEn: tags.titleEn, titleKy: tags.titleKy })
        .from(merchantTags)
        .innerJoin(tags, eq(tags.id, merchantTags.tagId))
        .where(eq(merchantTags.merchantId, merchantId))
        .orderBy(asc(tags.id))
    ).map(catalogueRef);

  const loadEnvironment = async (merchantId: number) =>
    (
      await db
        .select({
          id: surroundings.id,
          titleRu: surroundings.titleRu,
          titleEn: surroundings.titleEn,
          titleKy: surroundings.titleKy,
          iconPath: surroundings.iconPath,
        })
        .from(merchantEnvironment)
        .innerJoin(surroundings, eq(surroundings.id, merchantEnvironment.surroundingId))
        .where(eq(merchantEnvironment.merchantId, merchantId))
        .orderBy(asc(surroundings.id))
    ).map((row) => ({ ...catalogueRef(row), icon_path: row.iconPath ? `${MEDIA_URL_PREFIX}${row.iconPath}` : null }));

  const get = async (id: number, language: TLanguage): Promise<TMerchant> => {
    const { row, schedule } = await findRow(id, language);
    const [merchantTagRefs, environment] = await Promise.all([loadTags(id), loadEnvironment(id)]);
    return { ...row, tags: merchantTagRefs, environment, schedule: toScheduleDays(schedule) };
  };

  type TTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
  const replaceLinks = async (tx: TTransaction, merchantId: number, tagIds?: number[], environmentIds?: number[]) => {
    if (tagIds !== undefined) {
      await tx.delete(merchantTags).where(eq(merchantTags.merchantId, merchantId));
      const unique = [...new Set(tagIds)];
      if (unique.length > 0) {
        await tx.insert(merchantTags).values(unique.map((tagId) => ({ merchantId, tagId })));
      }
    }
    if (environmentIds !== undefined) {
      await tx.delete(merchantEnvironment).where(eq(merchantEnvironment.merchantId, merchantId));
      const unique = [...new Set(environmentIds)];
      if (unique.length > 0) {
        await tx.insert(merchantEnvironment).values(unique.map((surroundingId) => ({ merchantId, surroundingId })));
      }
    }
  };

  return {
    async list(filter, language) {
      const source = {
        table: merchants,
        id: merchants.id,
        where: listConditions(filter),
        order: descending(merchants.id),
      };
      return queryList(db, source, filter, async (ids) =>
        (
          await selectMerchantRows(db, { where: inArray(merchants.id, ids), language, limit: ids.length, offset: 0 })
        ).map(({ row }) => row),
      );
    },

    get,

    async getForUpdate(id) {
      const [merchant] = await db.select().from(merchants).where(eq(merchants.id, id));
      if (!merchant) {
        throw merchantNotFound();
      }
      const [tagRows, environmentRows] = await Promise.all([
        db
          .select({ id: merchantTags.tagId })
          .from(merchantTags)
          .where(eq(merchantTags.merchantId, id))
          .orderBy(asc(merchantTags.tagId)),
        db
          .select({ id: merchantEnvironment.surroundingId })
          .from(merchantEnvironment)
          .where(eq(merchantEnvironment.merchantId, id))
          .orderBy(asc(merchantEnvironment.surroundingId)),
      ]);
      return {
        id: merchant.id,
        name: merchant.name,
        agreement_number: merchant.agreementNumber,
        legal_entity: merchant.legalEntity,
        country: merchant.countryId,
        city: merchant.cityId,
        district: merchant.district,
        street: merchant.street,
        phone: merchant.phone,
        email: merchant.email,
        tags: tagRows.map((row) => row.id),
        environment: environmentRows.map((row) => row.id),
        schedule: toScheduleDays(merchant.schedule),
        percentage: merchant.percentage,
        status: toStatus(merchant.status),
      };
    },

    async create(body, actor, language) {
      const schedule = normaliseSchedule(body.schedule);
      const id = await db.transaction(async (tx) => {
        await checkMerchantReferences(tx, {
          countryId: body.country,
          cityId: body.city,
          tagIds: body.tags,
          environmentIds: body.environment,
        });
        const [created] = await tx
          .insert(merchants)
          .values({
            name: body.name,
            agreementNumber: body.agreement_number,
            legalEntity: body.legal_entity,
            countryId: body.country,
            cityId: body.city,
            district: body.district,
            street: body.street,
            phone: body.phone,
            email: body.email,
            schedule,
            percentage: body.percentage.toFixed(2),
            status: body.status,
            createdBy: actor.id,
          })
          .returning({ id: merchants.id });
        if (!created) {
          throw new Error('merchant insert returned no row');
        }
        await replaceLinks(tx, created.id, body.tags, body.environment);
        await recordAudit(tx, {
          actor,
          action: 'create',
          entity: 'merchant',
          entityId: created.id,
          after: { ...body, schedule },
        });
        return created.id;
      });
      return get(id, language);
    },

    async update(id, body, actor, language) {
      await db.transaction(async (tx) => {
        const [existing] = await tx.select().from(merchants).where(eq(merchants.id, id)).for('update');
        if (!existing) {
          throw merchantNotFound();
        }
        const touchesReferences =
          body.country !== undefined ||
          body.city !== undefined ||
          body.tags !== undefined ||
          body.environment !== undefined;
        if (touchesReferences) {
          await checkMerchantReferences(tx, {
            countryId: body.country ?? existing.countryId,
            cityId: body.city ?? existing.cityId,
            tagIds: body.tags,
            environmentIds: body.environment,
          });
        }
        const schedule = body.schedule === undefined ? undefined : normaliseSchedule(body.schedule);
        const values: Partial<typeof merchants.$inferInsert> = {
          ...(body.name !== undefined && { name: body.name }),
          ...(body.agreement_number !== undefined && { agreementNumber: body.agreement_number }),
          ...(body.legal_entity !== undefined && { legalEntity: body.legal_entity }),
          ...(body.country !== undefined && { countryId: body.country }),
          ...(body.city !== undefined && { cityId: body.city }),
          ...(body.district !== undefined && { district: body.district }),
          ...(body.street !== undefined && { street: body.street }),
          ...(body.phone !== undefined && { phone: body.phone }),
          ...(body.email !== undefined && { email: body.email }),
          ...(schedule !== undefined && { schedule }),
          ...(body.percentage !== undefined && { percentage: body.percentage.toFixed(2) }),
          ...(body.status !== undefined && { status: body.status }),
        };
        const changesLinks = body.tags !== undefined || body.environment !== undefined;
        if (Object.keys(values).length === 0 && !changesLinks) {
          return;
        }
        await tx
          .update(merchants)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(merchants.id, id));
        await replaceLinks(tx, id, body.tags, body.environment);
        await recordAudit(tx, {
          actor,
          action: 'update',
          entity: 'merchant',
          entityId: id,
          // The row's own columns are the before; tags and environment are links, shown by their new ids only.
          before: { ...existing, country: existing.countryId, city: existing.cityId },
          after: {
            ...body,
            ...(schedule !== undefined && { schedule }),
            ...(body.percentage !== undefined && { percentage: body.percentage.toFixed(2) }),
          },
        });
      });
      return get(id, language);
    },

    async setStatuses(body, actor, language) {
      const updated = await changeStatuses(db, body, { table: merchants, entity: 'merchant', actor, recordAudit });
      const ids = updated.map((row) => row.id);
      const rows = await selectMerchantRows(db, {
        where: inArray(merchants.id, ids),
        language,
        limit: ids.length,
        offset: 0,
      });
      return rows.map(({ row }) => row).sort((a, b) => a.id - b.id);
    },

    async setStatusesWhere({ filter, active }, actor) {
      const where = listConditions(filter);
      return changeStatusesWhere(db, { table: merchants, entity: 'merchant', actor, recordAudit, where, active });
    },

    async listOptions(filter) {
      const where = allOf(eq(merchants.status, STATUS.active), searchAny(filter.search, [merchants.name]));
      const source = { table: merchants, id: merchants.id, where, order: ascending(merchants.name, merchants.id) };
      return queryList(db, source, filter, (ids) =>
        db.select({ id: merchants.id, name: merchants.name }).from(merchants).where(inArray(merchants.id, ids)),
      );
    },
  };
};
