import {
  STATUS,
  type TBannerItem,
  type TBannerLive,
  type TBannerType,
  type TBulkStatusBody,
  type TFullscreenCategory,
  type TPaged,
  type ZBannerListQuery,
} from '@zaryad/contracts';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
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
import type { TBannerCreate, TBannerUpdate, UploadedImage } from './banners.form';
import { banners, bannerStations } from './banners.tables';

type TBannerListFilter = z.output<typeof ZBannerListQuery>;
type TBannerRow = typeof banners.$inferSelect;
type TExecutor = Database | Transaction;

/** How long the live answer is reused: the drivers' app calls it on every screen. */
export const LIVE_CACHE_MS = 30_000;

/** The advisory lock of the archive job (platform/scheduler.ts). */
const ARCHIVE_LOCK_KEY = 720_150_001;

/** An item is in the archive once archived by the job or once its end has passed, whichever comes first. */
const archivedCondition = (now: Date): SQL => or(isNotNull(banners.archivedAt), lte(banners.endsAt, now)) as SQL;
const currentCondition = (now: Date): SQL => and(isNull(banners.archivedAt), gt(banners.endsAt, now)) as SQL;

const BANNER_END: PeriodEnd<typeof banners> = {
  table: banners,
  markedAt: { column: banners.archivedAt, key: 'archivedAt' },
  entity: 'banner',
  flag: 'archived',
  recordAudit,
};

/** Marks the items whose end has passed as archived and inactive (platform/period-end.ts); answers their ids. */
export const archiveEndedBanners = (tx: TExecutor, now: Date): Promise<number[]> => endPassedRows(tx, BANNER_END, now);

export const archiveJob: ScheduledJob = periodEndJob('banners.archive', ARCHIVE_LOCK_KEY, BANNER_END);

export interface BannersService {
  list(filter: TBannerListFilter): Promise<TPaged<TBannerItem>>;
  get(id: number): Promise<TBannerItem>;
  typeOf(id: number): Promise<TBannerType>;
  create(create: TBannerCreate, image: UploadedImage, actor: TActor): Promise<TBannerItem>;
  update(id: number, update: TBannerUpdate, image: UploadedImage | undefined, actor: TActor): Promise<TBannerItem>;
  remove(id: number, actor: TActor): Promise<void>;
  setStatuses(body: TBulkStatusBody, actor: TActor): Promise<TBannerItem[]>;
  /** Every item the list shows with `filter` (issue 31); an item whose end has passed is never activated. */
  setStatusesWhere(body: { filter: TBannerListFilter; active: boolean }, actor: TActor): Promise<{ updated: number }>;
  live(category: TFullscreenCategory, now?: Date): Promise<TBannerLive>;
}

export const createBannersService = (
  db: Database,
  storage: FileStorage,
  clock: () => Date = () => new Date(),
): BannersService => {
  const liveCache = new Map<TFullscreenCategory, { until: number; answer: TBannerLive }>();
  const forgetLive = () => liveCache.clear();

  const toItem = (row: TBannerRow, merchantName: string | null, stationIds: number[], now: Date): TBannerItem => {
    const common = {
      id: row.id,
      name: row.name,
      image: storage.url(row.imagePath),
      merchant: row.merchantId,
      merchant_name: merchantName,
      status: toStatus(row.status),
      start_date: row.startsAt.toISOString(),
      end_date: row.endsAt.toISOString(),
      is_archived: row.archivedAt !== null || row.endsAt <= now,
      created_at: row.createdAt.toISOString(),
    };
    if (row.type === 'banner') {
      return {
        ...common,
        type: 'banner',
        is_banner: true,
        source_link: row.link,
        button_name: row.buttonName,
        button_color: row.buttonColor,
        stations: stationIds,
      };
    }
    return {
      ...common,
      type: 'fullscreen',
      is_banner: false,
      link: row.link,
      categories: row.categories as TFullscreenCategory[],
      destination: row.destination as 'browser' | 'webview' | 'merchant',
    };
  };

  /** The items the list shows for a filter at `now`: the list and the bulk change by filter read the same rows. */
  const listConditions = (filter: TBannerListFilter, now: Date) =>
    allOf(
      eq(banners.type, filter.type),
      filter.archive ? archivedCondition(now) : currentCondition(now),
      searchAny(filter.search, [banners.name]),
      statusFilter(banners.status, filter.active),
      filter.merchant === undefined ? undefined : eq(banners.merchantId, filter.merchant),
      filter.category === undefined ? undefined : sql`${banners.categories} @> array[${filter.category}]::text[]`,
    );

  const catalogue = datedCatalogue({
    db,
    storage,
    clock,
    table: banners,
    entity: 'banner',
    recordAudit,
    merchants: { table: merchants, id: merchants.id, name: merchants.name },
    stationLinks: {
      table: bannerStations,
      owner: bannerStations.bannerId,
      linked: bannerStations.stationId,
      row: (bannerId, stationId) => ({ bannerId, stationId }),
    },
    passedIdsMessage: 'banner_period_passed_ids',
    toItem,
    listConditions,
    deletedAudit: (row) => ({ type: row.type, name: row.name, image: row.imagePath }),
    afterWrite: forgetLive,
  });
  const { readOne, findRow } = catalogue;

  /** The merchant exists and every station is one of its own; errors by field. */
  const checkMerchantAndStations = async (merchantId: number | null, stationIds: number[]) => {
    const errors: Record<string, TMessage[]> = {};
    if (merchantId !== null) {
      const [found] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
      if (!found) {
        errors.merchant = ['merchant_not_found'];
      }
    }
    if (stationIds.length > 0) {
      if (merchantId === null) {
        errors.stations = ['stations_need_merchant'];
      } else {
        const owned = await db
          .select({ id: stations.id })
          .from(stations)
          .where(and(inArray(stations.id, stationIds), eq(stations.merchantId, merchantId)));
        if (owned.length !== new Set(stationIds).size) {
          errors.stations = ['stations_other_merchant'];
        }
      }
    }
    return errors;
  };

  /** An item may be active only while its end is ahead. */
  const periodPassed = (status: number, endsAt: Date) => status === STATUS.active && endsAt <= clock();

  return {
    ...catalogue.service,

    async typeOf(id) {
      return (await findRow(id)).type === 'fullscreen' ? 'fullscreen' : 'banner';
    },

    async create(create, image, actor) {
      const { fields } = create;
      const stationIds: number[] = create.type === 'banner' ? create.fields.stations : [];
      const errors = await checkMerchantAndStations(fields.merchant, stationIds);
      if (periodPassed(fields.status, new Date(fields.end_date))) {
        errors.end_date = ['banner_period_passed'];
      }
      if (Object.keys(errors).length > 0) {
        throw new FieldErrors(errors);
      }
      return catalogue.create(image, actor, {
        values: (imagePath) => ({
          type: create.type,
          name: fields.name,
          imagePath,
          merchantId: fields.merchant,
          status: fields.status,
          startsAt: new Date(fields.start_date),
          endsAt: new Date(fields.end_date),
          ...(create.type === 'banner'
            ? {
                link: create.fields.source_link,
                buttonName: create.fields.button_name,
                buttonColor: create.fields.button_color.toUpperCase(),
              }
            : {
                link: create.fields.link,
                categories: create.fields.categories,
                destination: create.fields.destination,
              }),
        }),
        stationIds,
        audit: { type: create.type, ...fields },
      });
    },

    async update(id, update, image, actor) {
      const current = await findRow(id);
      const before = await readOne(id);
      const { fields } = update;
      const merchantId = fields.merchant === undefined ? current.merchantId : fields.merchant;
      const currentStations = before.type === 'banner' ? before.stations : [];
      const stationIds: number[] =
        update.type === 'banner' && update.fields.stations !== undefined ? update.fields.stations : currentStations;
      const startsAt = fields.start_date === undefined ? current.startsAt : new Date(fields.start_date);
      const endsAt = fields.end_date === undefined ? current.endsAt : new Date(fields.end_date);
      const status = fields.status ?? current.status;
      const errors: Record<string, TMessage[]> = {};
      // A PATCH may send one date only: the pair is checked against the stored other one.
      if (startsAt >= endsAt) {
        errors.end_date = ['banner_period_order'];
      } else if (periodPassed(status, endsAt)) {
        errors[fields.end_date !== undefined || fields.start_date !== undefined ? 'end_date' : 'status'] = [
          'banner_period_passed',
        ];
      }
      const references =
        fields.merchant !== undefined || (update.type === 'banner' && update.fields.stations !== undefined)
          ? await checkMerchantAndStations(merchantId, stationIds)
          : {};
      Object.assign(errors, references);
      if (Object.keys(errors).length > 0) {
        throw new FieldErrors(errors);
      }
      const values: Partial<typeof banners.$inferInsert> = {
        ...(fields.name !== undefined && { name: fields.name }),
        ...(fields.merchant !== undefined && { merchantId: fields.merchant }),
        ...(fields.status !== undefined && { status: fields.status }),
        ...(fields.start_date !== undefined && { startsAt }),
        ...(fields.end_date !== undefined && { endsAt }),
        ...(update.type === 'banner'
          ? {
              ...(update.fields.source_link !== undefined && { link: update.fields.source_link }),
              ...(update.fields.button_name !== undefined && { buttonName: update.fields.button_name }),
              ...(update.fields.button_color !== undefined && {
                buttonColor: update.fields.button_color.toUpperCase(),
              }),
            }
          : {
              ...(update.fields.link !== undefined && { link: update.fields.link }),
              ...(update.fields.categories !== undefined && { categories: update.fields.categories }),
              ...(update.fields.destination !== undefined && { destination: update.fields.destination }),
            }),
        // A new end ahead brings an archived item back; an end passed leaves it to the archive.
        ...(fields.end_date !== undefined && { archivedAt: endsAt > clock() ? null : (current.archivedAt ?? clock()) }),
      };
      const isStationsChanged = update.type === 'banner' && update.fields.stations !== undefined;
      // A stations list with a merchant changed away from it: the old merchant's stations go.
      const isMerchantChanged = fields.merchant !== undefined && fields.merchant !== current.merchantId;
      if (Object.keys(values).length === 0 && !image && !isStationsChanged && !isMerchantChanged) {
        return before;
      }
      return catalogue.update(current, image, actor, {
        values,
        ...((isStationsChanged || isMerchantChanged) && { stationIds: isStationsChanged ? stationIds : [] }),
        before,
        audit: fields,
      });
    },

    async live(category, at) {
      const now = at ?? clock();
      const cached = liveCache.get(category);
      if (!at && cached && now.getTime() < cached.until) {
        return cached.answer;
      }
      const rows = await db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.status, STATUS.active),
            isNull(banners.archivedAt),
            lte(banners.startsAt, now),
            gt(banners.endsAt, now),
            or(eq(banners.type, 'banner'), sql`${banners.categories} @> array[${category}]::text[]`),
          ),
        )
        .orderBy(asc(banners.endsAt), asc(banners.id));
      const bannerIds = rows.filter((row) => row.type === 'banner').map((row) => row.id);
      const links =
        bannerIds.length > 0
          ? await db
              .select()
              .from(bannerStations)
              .where(inArray(bannerStations.bannerId, bannerIds))
              .orderBy(asc(bannerStations.stationId))
          : [];
      const answer: TBannerLive = {
        category,
        banners: rows
          .filter((row) => row.type === 'banner')
          .map((row) => ({
            id: row.id,
            name: row.name,
            image: storage.url(row.imagePath),
            source_link: row.link,
            button_name: row.buttonName,
            button_color: row.buttonColor,
            merchant: row.merchantId,
            stations: links.filter((link) => link.bannerId === row.id).map((link) => link.stationId),
            end_date: row.endsAt.toISOString(),
          })),
        fullscreens: rows
          .filter((row) => row.type === 'fullscreen')
          .map((row) => ({
            id: row.id,
            name: row.name,
            image: storage.url(row.imagePath),
            link: row.link,
            destination: row.destination as 'browser' | 'webview' | 'merchant',
            merchant: row.merchantId,
            end_date: row.endsAt.toISOString(),
          })),
      };
      if (!at) {
        // Never past the first end among the answer's items: an ended item is not shown from the cache.
        const firstEnd = rows.reduce((earliest, row) => Math.min(earliest, row.endsAt.getTime()), Infinity);
        liveCache.set(category, { until: Math.min(now.getTime() + LIVE_CACHE_MS, firstEnd), answer });
      }
      return answer;
    },
  };
};
