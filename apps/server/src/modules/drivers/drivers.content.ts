/**
 * What the drivers' app shows around its screens (issue 38, item 6; docs/product/app-api.md#content): the banners and
 * fullscreens on now (docs/product/banners.md), the network's news, the promotions running now with their conditions
 * (docs/product/promotions.md#4-states-and-rules), in the driver's language; answered with an ETag (drivers.catalogue.routes.ts).
 */
import { formatSom, STATUS, type TLanguage } from '@zaryad/contracts';
import type {
  TAppBannerList,
  TAppFullscreenList,
  TAppNewsPage,
  TAppPromotionList,
} from '@zaryad/contracts/app-catalogue';
import type { TFullscreenCategory, TFullscreenDestination, TPromotionInitiator } from '@zaryad/contracts';
import { and, asc, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { bishkekToday } from '../../platform/bishkek-time';
import { pageOffset, toPage } from '../../platform/list-query';
import { news } from '../analytics';
import { banners, bannerStations } from '../banners';
import { merchants } from '../merchants';
import { promoCodes, promotions, promotionStations } from '../promotions';
import { stations } from '../stations';
import { mediaUrl, textIn } from './drivers.catalogue';

/** A station the app may see: active, of an active merchant. */
const visibleStation = and(eq(stations.status, STATUS.active), eq(merchants.status, STATUS.active));

/** `HH:mm` of minutes after midnight. */
const clockTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

interface Targeted {
  id: number;
  merchantId: number | null;
  merchantName: string | null;
  merchantStatus: number | null;
}

/**
 * Keeps what the app may show: nothing of an inactive merchant; the listed stations narrowed to the visible ones
 * (an item whose every station went away is shown nowhere); with `station`, only what is shown there: the network's,
 * or its merchant's for all of its stations or for this one.
 */
const narrow = <T extends Targeted>(
  rows: T[],
  links: { ownerId: number; stationId: number }[],
  visibleIds: Set<number>,
  station: { id: number; merchantId: number } | null,
) =>
  rows.flatMap((row) => {
    if (row.merchantId !== null && row.merchantStatus !== STATUS.active) {
      return [];
    }
    const listed = links.filter((link) => link.ownerId === row.id);
    const shownAt = listed.filter((link) => visibleIds.has(link.stationId)).map((link) => link.stationId);
    if (listed.length > 0 && shownAt.length === 0) {
      return [];
    }
    if (
      station &&
      ((row.merchantId !== null && row.merchantId !== station.merchantId) ||
        (listed.length > 0 && !shownAt.includes(station.id)))
    ) {
      return [];
    }
    return [{ row, stations: shownAt }];
  });

const merchantRef = (row: Targeted) =>
  row.merchantId === null ? null : { id: row.merchantId, name: row.merchantName ?? '' };

export const createDriverContent = (db: Database, clock: () => Date = () => new Date()) => {
  /** The station asked for, when the app may see it; 404 otherwise. */
  const findStation = async (id: number | undefined) => {
    if (id === undefined) {
      return null;
    }
    const [row] = await db
      .select({ id: stations.id, merchantId: stations.merchantId })
      .from(stations)
      .innerJoin(merchants, eq(merchants.id, stations.merchantId))
      .where(and(eq(stations.id, id), visibleStation));
    if (!row) {
      throw new ApiError(404, 'app_station_not_found');
    }
    return row;
  };

  /** Which of these stations the app may see. */
  const visibleAmong = async (ids: number[]) =>
    new Set(
      ids.length === 0
        ? []
        : (
            await db
              .select({ id: stations.id })
              .from(stations)
              .innerJoin(merchants, eq(merchants.id, stations.merchantId))
              .where(and(inArray(stations.id, [...new Set(ids)]), visibleStation))
          ).map((row) => row.id),
    );

  /** Active banners or fullscreens inside their period at `now` (the dashboard's live rule, banners.service.ts). */
  const liveBanners = (now: Date, type: 'banner' | 'fullscreen', category?: TFullscreenCategory) =>
    db
      .select({
        id: banners.id,
        name: banners.name,
        imagePath: banners.imagePath,
        link: banners.link,
        buttonName: banners.buttonName,
        buttonColor: banners.buttonColor,
        destination: banners.destination,
        endsAt: banners.endsAt,
        merchantId: banners.merchantId,
        merchantName: merchants.name,
        merchantStatus: merchants.status,
      })
      .from(banners)
      .leftJoin(merchants, eq(merchants.id, banners.merchantId))
      .where(
        and(
          eq(banners.type, type),
          eq(banners.status, STATUS.active),
          isNull(banners.archivedAt),
          lte(banners.startsAt, now),
          gt(banners.endsAt, now),
          category === undefined ? undefined : sql`${banners.categories} @> array[${category}]::text[]`,
        ),
      )
      .orderBy(asc(banners.endsAt), asc(banners.id));

  return {
    /** GET /content/banners/: the banners on now, for one station's screen when asked. */
    async banners(stationId: number | undefined): Promise<TAppBannerList> {
      const now = clock();
      const station = await findStation(stationId);
      const rows = await liveBanners(now, 'banner');
      const links =
        rows.length === 0
          ? []
          : await db
              .select({ ownerId: bannerStations.bannerId, stationId: bannerStations.stationId })
              .from(bannerStations)
              .where(
                inArray(
                  bannerStations.bannerId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(bannerStations.stationId));
      const visible = await visibleAmong(links.map((link) => link.stationId));
      return {
        items: narrow(rows, links, visible, station).map(({ row, stations: shownAt }) => ({
          id: row.id,
          name: row.name,
          image: mediaUrl(row.imagePath),
          link: row.link,
          button: { name: row.buttonName, color: row.buttonColor },
          merchant: merchantRef(row),
          stations: shownAt,
          ends_at: row.endsAt.toISOString(),
        })),
      };
    },

    /** GET /content/fullscreens/?category=: the fullscreens on now on one of the app's screens. */
    async fullscreens(category: TFullscreenCategory): Promise<TAppFullscreenList> {
      const rows = await liveBanners(clock(), 'fullscreen', category);
      return {
        category,
        items: narrow(rows, [], new Set(), null).map(({ row }) => ({
          id: row.id,
          name: row.name,
          image: mediaUrl(row.imagePath),
          link: row.link,
          destination: row.destination as TFullscreenDestination,
          merchant: merchantRef(row),
          ends_at: row.endsAt.toISOString(),
        })),
      };
    },

    /** GET /content/news/: the network's news up to today (Bishkek), newest first. */
    async news(page: number, size: number, language: TLanguage): Promise<TAppNewsPage> {
      const published = lte(news.date, bishkekToday(clock()));
      const rows = await db
        .select()
        .from(news)
        .where(published)
        .orderBy(desc(news.date), desc(news.id))
        .limit(size)
        .offset(pageOffset(page, size));
      const [counted] = await db
        .select({ total: sql<number>`count(*)` })
        .from(news)
        .where(published);
      return toPage(
        rows.map((row) => ({
          id: row.id,
          title: textIn({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, language),
          text: textIn({ ru: row.textRu, en: row.textEn, ky: row.textKy }, language),
          date: row.date,
        })),
        Number(counted?.total ?? 0),
        page,
        size,
      );
    },

    /** GET /content/promotions/: the promotions running now with their conditions, for one station when asked. */
    async promotions(stationId: number | undefined, language: TLanguage): Promise<TAppPromotionList> {
      const now = clock();
      const station = await findStation(stationId);
      const rows = await db
        .select({
          id: promotions.id,
          titleRu: promotions.titleRu,
          titleEn: promotions.titleEn,
          titleKy: promotions.titleKy,
          imagePath: promotions.imagePath,
          initiator: promotions.initiator,
          merchantId: promotions.merchantId,
          merchantName: merchants.name,
          merchantStatus: merchants.status,
          minChargeAmount: promotions.minChargeAmount,
          minChargesCount: promotions.minChargesCount,
          discountPercent: promotions.discountPercent,
          discountAmount: promotions.discountAmount,
          happyStart: promotions.happyStart,
          happyEnd: promotions.happyEnd,
          startsAt: promotions.startsAt,
          endsAt: promotions.endsAt,
          byCode: sql<boolean>`exists (select 1 from ${promoCodes} where ${promoCodes.promotionId} = ${promotions.id})`,
        })
        .from(promotions)
        .leftJoin(merchants, eq(merchants.id, promotions.merchantId))
        .where(
          and(
            eq(promotions.status, STATUS.active),
            isNull(promotions.endedAt),
            lte(promotions.startsAt, now),
            gt(promotions.endsAt, now),
          ),
        )
        .orderBy(asc(promotions.endsAt), asc(promotions.id));
      const links =
        rows.length === 0
          ? []
          : await db
              .select({ ownerId: promotionStations.promotionId, stationId: promotionStations.stationId })
              .from(promotionStations)
              .where(
                inArray(
                  promotionStations.promotionId,
                  rows.map((row) => row.id),
                ),
              )
              .orderBy(asc(promotionStations.stationId));
      const visible = await visibleAmong(links.map((link) => link.stationId));
      return {
        items: narrow(rows, links, visible, station).map(({ row, stations: shownAt }) => ({
          id: row.id,
          title: textIn({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, language),
          image: mediaUrl(row.imagePath),
          initiator: row.initiator as TPromotionInitiator,
          merchant: merchantRef(row),
          stations: shownAt,
          discount: {
            percent: row.discountPercent,
            amount: row.discountAmount === null ? null : formatSom(row.discountAmount),
          },
          conditions: {
            min_charge_amount: formatSom(row.minChargeAmount),
            min_charges_count: row.minChargesCount,
            happy_hours: { start: clockTime(row.happyStart), end: clockTime(row.happyEnd) },
            by_code: Boolean(row.byCode),
          },
          starts_at: row.startsAt.toISOString(),
          ends_at: row.endsAt.toISOString(),
        })),
      };
    },
  };
};

export type DriverContent = ReturnType<typeof createDriverContent>;
