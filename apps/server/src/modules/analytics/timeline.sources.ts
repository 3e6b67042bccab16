/**
 * The timeline's sources (GET /analytics/timeline/). Each answers its newest items before an instant; the timeline
 * merges them. Sources read the tables of the domains before analytics (merchants, stations, promotions, ocpp); a new
 * kind of event is one source here and one line in TIMELINE_SOURCES (README.md).
 */
import { formatSom, type TLanguage } from '@zaryad/contracts';
import { type TTimelineItem } from '@zaryad/contracts/analytics';
import { and, desc, eq, isNotNull, lt, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts } from '../accounts';
import { merchants } from '../merchants';
import { chargePoints } from '../ocpp';
import { promotions } from '../promotions';
import { stations } from '../stations';
import { news } from './analytics.tables';
import { bishkekMidnight } from './analytics.periods';
import { newsColumns, toNews } from './news.service';

export interface TimelineWindow {
  before: Date;
  size: number;
  language: TLanguage;
}

export interface TimelineSource {
  kind: string;
  list(db: Database, window: TimelineWindow): Promise<TTimelineItem[]>;
}

const item = (
  fields: Pick<TTimelineItem, 'key' | 'kind' | 'at' | 'title'> & Partial<TTimelineItem>,
): TTimelineItem => ({
  text: '',
  link: null,
  amount: null,
  author: null,
  news: null,
  ...fields,
});

const pick = (texts: { ru: string; en: string; ky: string }, language: TLanguage) => texts[language] || texts.ru;

/**
 * Posted news, on their date at the Bishkek time of day they were posted: a news item of today comes above what
 * happened earlier today, a backdated one among its day's events.
 */
const newsAt = sql<Date>`(((${news.date}::timestamp + ((${news.createdAt} at time zone 'UTC') + interval '6 hours')::time) - interval '6 hours') at time zone 'UTC')`;

export const newsSource: TimelineSource = {
  kind: 'news',
  async list(db, { before, size, language }) {
    const rows = await db
      .select({ ...newsColumns, at: sql<string>`${newsAt}::text` })
      .from(news)
      .leftJoin(accounts, eq(accounts.id, news.authorId))
      .where(lt(newsAt, before))
      .orderBy(desc(newsAt), desc(news.id))
      .limit(size);
    return rows.map((row) => {
      const record = toNews(row);
      return item({
        key: `news:${row.id}`,
        kind: 'news',
        at: new Date(row.at).toISOString(),
        title: pick({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, language),
        text: pick({ ru: row.textRu, en: row.textEn, ky: row.textKy }, language),
        author: record.author?.name ?? null,
        news: record,
      });
    });
  },
};

export const merchantAddedSource: TimelineSource = {
  kind: 'merchant_added',
  async list(db, { before, size }) {
    const rows = await db
      .select({ id: merchants.id, name: merchants.name, createdAt: merchants.createdAt })
      .from(merchants)
      .where(lt(merchants.createdAt, before))
      .orderBy(desc(merchants.createdAt), desc(merchants.id))
      .limit(size);
    return rows.map((row) =>
      item({
        key: `merchant_added:${row.id}`,
        kind: 'merchant_added',
        at: row.createdAt.toISOString(),
        title: row.name,
        link: `/merchant/${row.id}`,
      }),
    );
  },
};

export const stationAddedSource: TimelineSource = {
  kind: 'station_added',
  async list(db, { before, size, language }) {
    const rows = await db
      .select({
        id: stations.id,
        merchantId: stations.merchantId,
        nameRu: stations.nameRu,
        nameEn: stations.nameEn,
        nameKy: stations.nameKy,
        createdAt: stations.createdAt,
      })
      .from(stations)
      .where(and(lt(stations.createdAt, before)))
      .orderBy(desc(stations.createdAt), desc(stations.id))
      .limit(size);
    return rows.map((row) =>
      item({
        key: `station_added:${row.id}`,
        kind: 'station_added',
        at: row.createdAt.toISOString(),
        title: pick({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy }, language),
        link: `/merchant/${row.merchantId}/station-info/${row.id}`,
      }),
    );
  },
};

/**
 * A record day: a whole Bishkek day whose turnover beat every earlier day's (the network's first day does not count),
 * at the day's end. Read from the network's hourly rollup.
 */
export const recordDaySource: TimelineSource = {
  kind: 'record_day',
  async list(db, { before, size }) {
    const result = await db.execute(sql`
      with days as (
        select hour::date as day, sum(turnover) as turnover from analytics_hourly where merchant_id = 0 group by 1),
      ranked as (
        select day, turnover,
               max(turnover) over (order by day rows between unbounded preceding and 1 preceding) as best_before
        from days)
      select day::text as day, turnover::text as turnover from ranked
      where best_before is not null and turnover > best_before
        and ((day + 1)::timestamp - interval '6 hours') at time zone 'UTC' <= ${before.toISOString()}::timestamptz
        and (day + 1)::timestamp - interval '6 hours' <= (now() at time zone 'UTC')
      order by day desc limit ${size}`);
    const rows = (result as unknown as { rows: { day: string; turnover: string }[] }).rows;
    return rows.map((row) => {
      const dayEnd = new Date(bishkekMidnight(row.day).getTime() + 86_400_000 - 1000);
      return item({
        key: `record_day:${row.day}`,
        kind: 'record_day',
        at: dayEnd.toISOString(),
        title: row.day,
        amount: formatSom(row.turnover),
        link: `/chargers-list?period__from=${row.day}&period__to=${row.day}`,
      });
    });
  },
};

/**
 * A promotion's start or end, at the instant it happened (an upcoming promotion has no event yet). Only promotions
 * that are on, or that the end job ended: one switched off by hand has no history of when it ran, so no events.
 */
const promotionSource = (kind: 'promotion_started' | 'promotion_ended'): TimelineSource => ({
  kind,
  async list(db, { before, size, language }) {
    const at = kind === 'promotion_started' ? promotions.startsAt : promotions.endsAt;
    const now = new Date();
    const rows = await db
      .select({
        id: promotions.id,
        titleRu: promotions.titleRu,
        titleEn: promotions.titleEn,
        titleKy: promotions.titleKy,
        at,
      })
      .from(promotions)
      .where(and(lt(at, before), lte(at, now), sql`(${promotions.status} = 0 or ${promotions.endedAt} is not null)`))
      .orderBy(desc(at), desc(promotions.id))
      .limit(size);
    return rows.map((row) =>
      item({
        key: `${kind}:${row.id}`,
        kind,
        at: row.at.toISOString(),
        title: pick({ ru: row.titleRu, en: row.titleEn, ky: row.titleKy }, language),
        link: `/creating-promotion/${row.id}`,
      }),
    );
  },
});

export const promotionStartedSource = promotionSource('promotion_started');
export const promotionEndedSource = promotionSource('promotion_ended');

/** How long a charge point stays silent before the timeline says its station is offline. */
export const OFFLINE_EVENT_AFTER_MS = 60 * 60 * 1000;

/**
 * A station whose charge point has been silent for over an hour, now: at the instant the hour passed. The central
 * system keeps each charge point's last message, not a history of outages, so a station back online has no item.
 */
export const stationOfflineSource: TimelineSource = {
  kind: 'station_offline',
  async list(db, { before, size, language }) {
    const hourAfterLastSeen = sql<Date>`(${chargePoints.lastSeenAt} + interval '1 hour')`;
    const cutoff = new Date(Math.min(before.getTime(), Date.now()) - OFFLINE_EVENT_AFTER_MS);
    const rows = await db
      .select({
        stationId: stations.id,
        merchantId: stations.merchantId,
        nameRu: stations.nameRu,
        nameEn: stations.nameEn,
        nameKy: stations.nameKy,
        lastSeenAt: chargePoints.lastSeenAt,
      })
      .from(chargePoints)
      .innerJoin(stations, eq(stations.id, chargePoints.stationId))
      .where(and(isNotNull(chargePoints.lastSeenAt), lt(chargePoints.lastSeenAt, cutoff)))
      .orderBy(desc(hourAfterLastSeen), desc(stations.id))
      .limit(size);
    return rows.flatMap((row) =>
      row.lastSeenAt
        ? [
            item({
              key: `station_offline:${row.stationId}:${row.lastSeenAt.getTime()}`,
              kind: 'station_offline',
              at: new Date(row.lastSeenAt.getTime() + OFFLINE_EVENT_AFTER_MS).toISOString(),
              title: pick({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy }, language),
              link: `/merchant/${row.merchantId}/station-info/${row.stationId}`,
            }),
          ]
        : [],
    );
  },
};

/** Every source the timeline merges; a later domain adds its own here. */
export const TIMELINE_SOURCES: readonly TimelineSource[] = [
  newsSource,
  merchantAddedSource,
  stationAddedSource,
  recordDaySource,
  promotionStartedSource,
  promotionEndedSource,
  stationOfflineSource,
];

/** The newest `size` items of every source before `before`, newest first, with the cursor of the next page. */
export const readTimeline = async (
  db: Database,
  window: TimelineWindow,
  sources: readonly TimelineSource[] = TIMELINE_SOURCES,
) => {
  const lists = await Promise.all(sources.map((source) => source.list(db, window)));
  const items = lists
    .flat()
    .sort((a, b) => b.at.localeCompare(a.at) || a.key.localeCompare(b.key))
    .slice(0, window.size);
  const last = items.at(-1);
  return { items, next_before: items.length === window.size && last ? last.at : null };
};
