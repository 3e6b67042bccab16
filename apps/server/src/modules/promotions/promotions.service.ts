import {
  formatSom,
  minutesOfTime,
  STATUS,
  type TBulkStatusBody,
  type TPaged,
  type TPromotionInitiator,
  type TPromotionValidity,
} from '@zaryad/contracts';
import { promotionRuleErrors, type TPromotion, type ZPromotionListQuery } from '@zaryad/contracts/promotions';
import { and, eq, gt, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { FieldErrors, type TMessage } from '../../http/api-errors';
import { datedCatalogue } from '../../platform/dated-catalogue';
import { allOf, searchAny, statusFilter } from '../../platform/list-query';
import type { ScheduledJob } from '../../platform/scheduler';
import { endPassedRows, type PeriodEnd, periodEndJob } from '../../platform/period-end';
import { toStatus } from '../../platform/status';
import type { Transaction } from '../../platform/transaction';
import { recordAudit, type TActor } from '../audit';
import type { FileStorage } from '../media';
import { merchants } from '../merchants';
import { stations } from '../stations';
import type { TPromotionCreate, TPromotionUpdate, UploadedImage } from './promotions.form';
import { promotions, promotionStations } from './promotions.tables';

type TPromotionListFilter = z.output<typeof ZPromotionListQuery>;
type TPromotionRow = typeof promotions.$inferSelect;
type TExecutor = Database | Transaction;

/** The advisory lock of the end job (platform/scheduler.ts). */
const END_LOCK_KEY = 720_140_001;

/** `HH:mm` of minutes after midnight. */
const timeOfMinutes = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Derived from the clock, so that a list never waits for the end job. */
export const validityOf = (
  row: Pick<TPromotionRow, 'startsAt' | 'endsAt' | 'endedAt'>,
  now: Date,
): TPromotionValidity =>
  row.endedAt !== null || row.endsAt <= now ? 'ended' : row.startsAt > now ? 'upcoming' : 'current';

const validityCondition = (validity: TPromotionValidity, now: Date): SQL => {
  if (validity === 'ended') {
    return sql`(${promotions.endedAt} is not null or ${promotions.endsAt} <= ${now})`;
  }
  if (validity === 'upcoming') {
    return and(isNull(promotions.endedAt), gt(promotions.startsAt, now)) as SQL;
  }
  return and(isNull(promotions.endedAt), lte(promotions.startsAt, now), gt(promotions.endsAt, now)) as SQL;
};

const PROMOTION_END: PeriodEnd<typeof promotions> = {
  table: promotions,
  markedAt: { column: promotions.endedAt, key: 'endedAt' },
  entity: 'promotion',
  flag: 'ended',
  recordAudit,
};

/** Marks the promotions whose end has passed as ended and inactive (platform/period-end.ts); answers their ids. */
export const endPassedPromotions = (tx: TExecutor, now: Date): Promise<number[]> =>
  endPassedRows(tx, PROMOTION_END, now);

export const endJob: ScheduledJob = periodEndJob('promotions.end', END_LOCK_KEY, PROMOTION_END);

export interface PromotionsService {
  list(filter: TPromotionListFilter): Promise<TPaged<TPromotion>>;
  get(id: number): Promise<TPromotion>;
  create(fields: TPromotionCreate, image: UploadedImage, actor: TActor): Promise<TPromotion>;
  update(id: number, fields: TPromotionUpdate, image: UploadedImage | undefined, actor: TActor): Promise<TPromotion>;
  remove(id: number, actor: TActor): Promise<void>;
  setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TPromotion[]>;
  /** Every promotion the list shows with `filter` (issue 31); an ended one is never activated. */
  setStatusesWhere(
    body: { filter: TPromotionListFilter; active: boolean },
    actor: TActor,
  ): Promise<{ updated: number }>;
}

export const createPromotionsService = (
  db: Database,
  storage: FileStorage,
  clock: () => Date = () => new Date(),
): PromotionsService => {
  const toItem = (row: TPromotionRow, merchantName: string | null, stationIds: number[], now: Date): TPromotion => ({
    id: row.id,
    title_ru: row.titleRu,
    title_en: row.titleEn,
    title_ky: row.titleKy,
    image: storage.url(row.imagePath),
    initiator: row.initiator as TPromotionInitiator,
    merchant: row.merchantId,
    merchant_name: merchantName,
    stations: stationIds,
    min_charge_amount: formatSom(row.minChargeAmount),
    min_charges_count: row.minChargesCount,
    discount_percent: row.discountPercent,
    discount_amount: row.discountAmount === null ? null : formatSom(row.discountAmount),
    start_date: row.startsAt.toISOString(),
    end_date: row.endsAt.toISOString(),
    happy_hours_start: timeOfMinutes(row.happyStart),
    happy_hours_end: timeOfMinutes(row.happyEnd),
    status: toStatus(row.status),
    validity: validityOf(row, now),
    created_at: row.createdAt.toISOString(),
  });

  /** The promotions the list shows for a filter at `now`: the list and the bulk change by filter read the same rows. */
  const listConditions = (filter: TPromotionListFilter, now: Date) =>
    allOf(
      searchAny(filter.search, [promotions.titleRu, promotions.titleEn, promotions.titleKy]),
      statusFilter(promotions.status, filter.active),
      filter.validity === undefined ? undefined : validityCondition(filter.validity, now),
      filter.initiator === undefined ? undefined : eq(promotions.initiator, filter.initiator),
      filter.merchant === undefined ? undefined : eq(promotions.merchantId, filter.merchant),
    );

  const catalogue = datedCatalogue({
    db,
    storage,
    clock,
    table: promotions,
    entity: 'promotion',
    recordAudit,
    merchants: { table: merchants, id: merchants.id, name: merchants.name },
    stationLinks: {
      table: promotionStations,
      owner: promotionStations.promotionId,
      linked: promotionStations.stationId,
      row: (promotionId, stationId) => ({ promotionId, stationId }),
    },
    passedIdsMessage: 'promotion_period_passed_ids',
    toItem,
    listConditions,
    deletedAudit: (row) => ({ title_ru: row.titleRu, image: row.imagePath }),
  });
  const { readOne, findRow } = catalogue;

  /** The merchant exists and every station is one of its own; errors by field. */
  const checkMerchantAndStations = async (merchantId: number | null, stationIds: number[]) => {
    const errors: Record<string, TMessage[]> = {};
    if (merchantId !== null) {
      const [found] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
      if (!found) {
        errors.merchant = ['promotion_merchant_not_found'];
      }
    }
    const unique = [...new Set(stationIds)];
    if (unique.length > 0) {
      const found = await db
        .select({ id: stations.id, merchantId: stations.merchantId })
        .from(stations)
        .where(inArray(stations.id, unique));
      const isOwned =
        found.length === unique.length && found.every((row) => merchantId === null || row.merchantId === merchantId);
      if (!isOwned) {
        errors.stations = ['promotion_stations_other_merchant'];
      }
    }
    return errors;
  };

  /** The whole promotion's rules (the contract's), plus "an active promotion's end is still ahead". */
  const ruleErrors = (merged: Parameters<typeof promotionRuleErrors>[0] & { status: number }, statusField: string) => {
    const errors: Record<string, TMessage[]> = promotionRuleErrors(merged) as Record<string, TMessage[]>;
    if (!errors.end_date && merged.status === STATUS.active && new Date(merged.end_date) <= clock()) {
      errors[statusField] = ['promotion_period_passed'];
    }
    return errors;
  };

  return {
    ...catalogue.service,

    async create(fields, image, actor) {
      const errors = {
        ...(await checkMerchantAndStations(fields.merchant, fields.stations)),
        ...ruleErrors(fields, 'end_date'),
      };
      if (Object.keys(errors).length > 0) {
        throw new FieldErrors(errors);
      }
      return catalogue.create(image, actor, {
        values: (imagePath) => ({
          titleRu: fields.title_ru,
          titleEn: fields.title_en,
          titleKy: fields.title_ky,
          imagePath,
          initiator: fields.initiator,
          merchantId: fields.merchant,
          minChargeAmount: fields.min_charge_amount,
          minChargesCount: fields.min_charges_count,
          discountPercent: fields.discount_percent,
          discountAmount: fields.discount_amount,
          startsAt: new Date(fields.start_date),
          endsAt: new Date(fields.end_date),
          happyStart: minutesOfTime(fields.happy_hours_start),
          happyEnd: minutesOfTime(fields.happy_hours_end),
          status: fields.status,
        }),
        stationIds: fields.stations,
        audit: fields,
      });
    },

    async update(id, fields, image, actor) {
      const current = await findRow(id);
      const before = await readOne(id);
      const merged = {
        initiator: fields.initiator ?? before.initiator,
        merchant: fields.merchant === undefined ? before.merchant : fields.merchant,
        stations: fields.stations ?? before.stations,
        min_charge_amount: fields.min_charge_amount ?? current.minChargeAmount,
        // Sending one kind of discount replaces the other.
        discount_percent:
          fields.discount_percent !== undefined
            ? fields.discount_percent
            : fields.discount_amount !== undefined && fields.discount_amount !== null
              ? null
              : current.discountPercent,
        discount_amount:
          fields.discount_amount !== undefined
            ? fields.discount_amount
            : fields.discount_percent !== undefined && fields.discount_percent !== null
              ? null
              : current.discountAmount,
        start_date: fields.start_date ?? before.start_date,
        end_date: fields.end_date ?? before.end_date,
        happy_hours_start: fields.happy_hours_start ?? before.happy_hours_start,
        happy_hours_end: fields.happy_hours_end ?? before.happy_hours_end,
        status: fields.status ?? current.status,
      };
      const isReferenceChanged = fields.merchant !== undefined || fields.stations !== undefined;
      const errors = {
        ...(isReferenceChanged ? await checkMerchantAndStations(merged.merchant, merged.stations) : {}),
        ...ruleErrors(merged, fields.end_date !== undefined || fields.start_date !== undefined ? 'end_date' : 'status'),
      };
      if (Object.keys(errors).length > 0) {
        throw new FieldErrors(errors);
      }
      const endsAt = new Date(merged.end_date);
      return catalogue.update(current, image, actor, {
        values: {
          ...(fields.title_ru !== undefined && { titleRu: fields.title_ru }),
          ...(fields.title_en !== undefined && { titleEn: fields.title_en }),
          ...(fields.title_ky !== undefined && { titleKy: fields.title_ky }),
          initiator: merged.initiator,
          merchantId: merged.merchant,
          minChargeAmount: merged.min_charge_amount,
          minChargesCount: fields.min_charges_count ?? current.minChargesCount,
          discountPercent: merged.discount_percent,
          discountAmount: merged.discount_amount,
          startsAt: new Date(merged.start_date),
          endsAt,
          happyStart: minutesOfTime(merged.happy_hours_start),
          happyEnd: minutesOfTime(merged.happy_hours_end),
          status: merged.status,
          // A new end ahead brings an ended promotion back.
          endedAt: endsAt > clock() ? null : (current.endedAt ?? clock()),
        },
        // A merchant changed without stations drops the old merchant's stations.
        ...(isReferenceChanged && {
          stationIds: fields.stations ?? (fields.merchant !== current.merchantId ? [] : before.stations),
        }),
        before,
        audit: fields,
      });
    },
  };
};
