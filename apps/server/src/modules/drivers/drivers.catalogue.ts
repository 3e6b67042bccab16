/**
 * The drivers' app's stations (issue 38, item 3; docs/product/app-api.md#stations): the active stations of active
 * merchants near a point, searched and filtered, and one station with its connectors' live status and prices.
 */
import { STATUS, type TLanguage } from '@zaryad/contracts';
import type {
  TAppStation,
  TAppStationItem,
  TAppStationListQuery,
  TAppStationPage,
} from '@zaryad/contracts/app-catalogue';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { allOf, pageOffset, searchAny, toPage } from '../../platform/list-query';
import { connectorTypes } from '../connectors';
import { MEDIA_URL_PREFIX } from '../media';
import { merchantEnvironment, merchants, merchantTags } from '../merchants';
import { chargePointConnectors, chargePoints, isOnline, MISSED_HEARTBEATS } from '../ocpp';
import { isOpenAt, toScheduleDays, type TStoredSchedule } from '../schedules';
import {
  connectorPrice,
  groupBy,
  inLanguage,
  stationConnectors,
  stationEnvironment,
  stationMedia,
  stations,
  stationTags,
} from '../stations';
import { surroundings } from '../surroundings';
import { tags } from '../tags';

/** The mean Earth radius (IUGG), metres: the tests' brute force uses the same. */
export const EARTH_RADIUS_M = 6_371_008.8;
const METRES_PER_DEGREE = (EARTH_RADIUS_M * Math.PI) / 180;
/** The OCPP status of a free connector. */
const AVAILABLE = 'Available';

export const mediaUrl = (path: string) => `${MEDIA_URL_PREFIX}${path}`;

/** A text kept per language, in the asked one; Russian when that one was left empty (the stations' own rule). */
export const textIn = inLanguage;

const nameColumn = (language: TLanguage) =>
  language === 'ru'
    ? sql`${stations.nameRu}`
    : sql`coalesce(nullif(${language === 'en' ? stations.nameEn : stations.nameKy}, ''), ${stations.nameRu})`;

/** The great-circle distance in metres from a point (haversine, in float8), what the list orders by and shows. */
const distanceFrom = (
  lat: number,
  lon: number,
) => sql<number>`(2 * ${EARTH_RADIUS_M}::float8 * asin(least(1::float8, sqrt(
    power(sin(radians(${stations.latitudeDeg} - ${lat}::float8) / 2), 2)
    + cos(radians(${lat}::float8)) * cos(radians(${stations.latitudeDeg}))
      * power(sin(radians(${stations.longitudeDeg} - ${lon}::float8) / 2), 2)))))`;

/**
 * A box that holds every point within `radiusM` of the point, over the (latitude, longitude) index of the active
 * stations (stations_app_near_idx): the exact distance is then computed for the few rows inside it. The longitude's
 * bound is dropped where the box would reach a pole or cross the antimeridian (never in the network's countries).
 */
const boundingBox = (lat: number, lon: number, radiusM: number): SQL => {
  // A hair wider than the radius, so that rounding never drops a station the exact distance keeps.
  const latDelta = (radiusM / METRES_PER_DEGREE) * 1.001 + 1e-6;
  const latCondition = sql`${stations.latitudeDeg} between ${Math.max(-90, lat - latDelta)}::float8
    and ${Math.min(90, lat + latDelta)}::float8`;
  const farthestLat = Math.abs(lat) + latDelta;
  if (farthestLat >= 89) {
    return latCondition;
  }
  const lonDelta = latDelta / Math.cos((farthestLat * Math.PI) / 180);
  if (lon - lonDelta < -180 || lon + lonDelta > 180) {
    return latCondition;
  }
  return sql`${latCondition} and ${stations.longitudeDeg} between ${lon - lonDelta}::float8
    and ${lon + lonDelta}::float8`;
};

/** The charge point of the station (the outer query's row) is online at `now` (ocpp's isOnline, in SQL). */
const onlineAt = (now: Date) => sql`exists (select 1 from ${chargePoints}
  where ${chargePoints.stationId} = ${stations.id} and ${chargePoints.connectedAt} is not null
    and ${chargePoints.lastSeenAt} > ${now.toISOString()}::timestamptz
      - ${MISSED_HEARTBEATS} * ${chargePoints.heartbeatIntervalS} * interval '1 second')`;

/** One connector meets the type, power and availability filters together. */
const connectorCondition = (query: TAppStationListQuery, now: Date): SQL | undefined => {
  const types = query.connector_type ?? [];
  if (types.length === 0 && query.min_power === undefined && !query.available) {
    return undefined;
  }
  const conditions: SQL[] = [sql`${stationConnectors.stationId} = ${stations.id}`];
  if (types.length > 0) {
    conditions.push(inArray(stationConnectors.typo, types));
  }
  if (query.min_power !== undefined) {
    conditions.push(sql`${stationConnectors.powerKwh} >= ${String(query.min_power)}::numeric`);
  }
  if (query.available) {
    conditions.push(sql`exists (select 1 from ${chargePointConnectors}
      where ${chargePointConnectors.stationId} = ${stationConnectors.stationId}
        and ${chargePointConnectors.connectorId} = ${stationConnectors.ocpp16Id}
        and ${chargePointConnectors.status} = ${AVAILABLE})`);
  }
  const exists = sql`exists (select 1 from ${stationConnectors} where ${and(...conditions)})`;
  return query.available ? sql`${exists} and ${onlineAt(now)}` : exists;
};

/** The station, or its merchant, carries every one of these catalogue items (tags, infrastructure). */
const carriesAll = (
  ids: number[] | undefined,
  own: { table: typeof stationTags | typeof stationEnvironment; owner: SQL; item: SQL },
  ofMerchant: { table: typeof merchantTags | typeof merchantEnvironment; owner: SQL; item: SQL },
): SQL | undefined => {
  const wanted = [...new Set(ids ?? [])];
  if (wanted.length === 0) {
    return undefined;
  }
  const list = sql.join(
    wanted.map((id) => sql`${id}`),
    sql`, `,
  );
  return sql`(select count(*) from (
      select ${own.item} as item from ${own.table} where ${own.owner} = ${stations.id} and ${own.item} in (${list})
      union
      select ${ofMerchant.item} from ${ofMerchant.table}
        where ${ofMerchant.owner} = ${stations.merchantId} and ${ofMerchant.item} in (${list})
    ) as carried) = ${wanted.length}`;
};

/** What the app may see: an active station of an active merchant. */
const visible = sql`${stations.status} = ${STATUS.active} and ${merchants.status} = ${STATUS.active}`;

interface StationRow {
  id: number;
  merchantId: number;
  merchantName: string;
  nameRu: string;
  nameEn: string;
  nameKy: string;
  addressRu: string;
  addressEn: string;
  addressKy: string;
  latitude: string;
  longitude: string;
  schedule: unknown;
  avatarPath: string | null;
}

const stationColumns = {
  id: stations.id,
  merchantId: stations.merchantId,
  merchantName: merchants.name,
  nameRu: stations.nameRu,
  nameEn: stations.nameEn,
  nameKy: stations.nameKy,
  addressRu: stations.addressRu,
  addressEn: stations.addressEn,
  addressKy: stations.addressKy,
  latitude: stations.latitude,
  longitude: stations.longitude,
  schedule: stations.schedule,
  avatarPath: stations.avatarPath,
};

interface ConnectorRow {
  id: number;
  stationId: number;
  ocppId: number;
  evseId: number;
  connectorId: number;
  typo: string;
  typeName: string;
  current: string;
  sortOrder: number;
  power: string;
  cableLength: number | null;
}

/** The live state of these stations: which are online, and each connector's last OCPP status. */
const loadLiveState = async (db: Database, stationIds: number[], now: Date) => {
  if (stationIds.length === 0) {
    return { online: new Set<number>(), statuses: new Map<string, string>() };
  }
  const points = await db
    .select({
      stationId: chargePoints.stationId,
      connectedAt: chargePoints.connectedAt,
      lastSeenAt: chargePoints.lastSeenAt,
      heartbeatIntervalS: chargePoints.heartbeatIntervalS,
    })
    .from(chargePoints)
    .where(inArray(chargePoints.stationId, stationIds));
  const reported = await db
    .select({
      stationId: chargePointConnectors.stationId,
      connectorId: chargePointConnectors.connectorId,
      status: chargePointConnectors.status,
    })
    .from(chargePointConnectors)
    .where(inArray(chargePointConnectors.stationId, stationIds));
  return {
    online: new Set(points.filter((point) => isOnline(point, now)).map((point) => point.stationId)),
    statuses: new Map(reported.map((row) => [`${row.stationId}:${row.connectorId}`, row.status])),
  };
};

const loadConnectors = async (db: Database, stationIds: number[]): Promise<ConnectorRow[]> =>
  stationIds.length === 0
    ? []
    : db
        .select({
          id: stationConnectors.id,
          stationId: stationConnectors.stationId,
          ocppId: stationConnectors.ocpp16Id,
          evseId: stationConnectors.evseId,
          connectorId: stationConnectors.connectorId,
          typo: stationConnectors.typo,
          typeName: connectorTypes.name,
          current: connectorTypes.current,
          sortOrder: connectorTypes.sortOrder,
          power: stationConnectors.powerKwh,
          cableLength: stationConnectors.cableLength,
        })
        .from(stationConnectors)
        .innerJoin(connectorTypes, eq(connectorTypes.key, stationConnectors.typo))
        .where(inArray(stationConnectors.stationId, stationIds))
        .orderBy(asc(stationConnectors.stationId), asc(stationConnectors.ocpp16Id));

const currentOf = (value: string): 'AC' | 'DC' => (value === 'DC' ? 'DC' : 'AC');

/** Connectors per type: how many, how many available now, the most powerful; in the types' reference order. */
const summarise = (connectors: ConnectorRow[], isAvailable: (connector: ConnectorRow) => boolean) => {
  const byType = new Map<string, TAppStationItem['connector_types'][number] & { sortOrder: number }>();
  for (const connector of connectors) {
    const power = Number(connector.power);
    const summary = byType.get(connector.typo) ?? {
      type: connector.typo,
      name: connector.typeName,
      current: currentOf(connector.current),
      total: 0,
      available: 0,
      max_power_kw: 0,
      sortOrder: connector.sortOrder,
    };
    summary.total += 1;
    summary.available += isAvailable(connector) ? 1 : 0;
    summary.max_power_kw = Math.max(summary.max_power_kw, power);
    byType.set(connector.typo, summary);
  }
  return [...byType.values()]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.type.localeCompare(b.type))
    .map(({ sortOrder: _sortOrder, ...summary }) => summary);
};

/** The parts a list item and a station share. */
const toItem = (
  row: StationRow,
  connectors: ConnectorRow[],
  live: Awaited<ReturnType<typeof loadLiveState>>,
  language: TLanguage,
  now: Date,
): Omit<TAppStationItem, 'distance_m'> => {
  const online = live.online.has(row.id);
  const connectorTypeSummaries = summarise(
    connectors,
    (connector) => online && live.statuses.get(`${row.id}:${connector.ocppId}`) === AVAILABLE,
  );
  return {
    id: row.id,
    name: textIn({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy }, language),
    address: textIn({ ru: row.addressRu, en: row.addressEn, ky: row.addressKy }, language),
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    merchant: { id: row.merchantId, name: row.merchantName },
    online,
    open_now: isOpenAt(row.schedule as TStoredSchedule, now),
    max_power_kw: connectorTypeSummaries.reduce((most, summary) => Math.max(most, summary.max_power_kw), 0),
    connector_types: connectorTypeSummaries,
    avatar: row.avatarPath ? mediaUrl(row.avatarPath) : null,
  };
};

export const createDriverCatalogue = (db: Database, clock: () => Date = () => new Date()) => ({
  /** GET /stations/: near a point (by distance) or, without one, by name; filtered and paged. */
  async listStations(query: TAppStationListQuery, language: TLanguage): Promise<TAppStationPage> {
    const now = clock();
    const point = query.lat !== undefined && query.lon !== undefined ? { lat: query.lat, lon: query.lon } : null;
    const radiusM = query.radius * 1000;
    const distance = point ? distanceFrom(point.lat, point.lon) : null;
    const where = allOf(
      visible,
      point ? boundingBox(point.lat, point.lon, radiusM) : undefined,
      searchAny(query.search, [
        stations.nameRu,
        stations.nameEn,
        stations.nameKy,
        stations.addressRu,
        stations.addressEn,
        stations.addressKy,
      ]),
      connectorCondition(query, now),
      carriesAll(
        query.tags,
        { table: stationTags, owner: sql`${stationTags.stationId}`, item: sql`${stationTags.tagId}` },
        { table: merchantTags, owner: sql`${merchantTags.merchantId}`, item: sql`${merchantTags.tagId}` },
      ),
      carriesAll(
        query.infrastructure,
        {
          table: stationEnvironment,
          owner: sql`${stationEnvironment.stationId}`,
          item: sql`${stationEnvironment.surroundingId}`,
        },
        {
          table: merchantEnvironment,
          owner: sql`${merchantEnvironment.merchantId}`,
          item: sql`${merchantEnvironment.surroundingId}`,
        },
      ),
    );
    // Narrow first: the page's ids and distances, ordered, with the count of all beside them, over only what the
    // filters read; the distance computed once per station of the box (the subquery's `offset 0` keeps the planner from
    // folding it into the outer query, which would compute it again for the radius and the order). The wide columns
    // (names, addresses, schedules) are read for the page's rows alone: in a dense city a radius holds thousands of
    // stations (bench:app: 3,400 on average around Bishkek's points).
    const near = db
      .select({
        id: stations.id,
        distance: (distance ?? sql<null>`null::float8`).as('distance'),
        sortName: nameColumn(language).as('sort_name'),
      })
      .from(stations)
      .innerJoin(merchants, eq(merchants.id, stations.merchantId))
      .where(where)
      .offset(0)
      .as('near');
    const page = await db
      .select({ id: near.id, distance: near.distance, total: sql<number>`count(*) over ()` })
      .from(near)
      .where(distance ? sql`${near.distance} <= ${radiusM}::float8` : undefined)
      .orderBy(...(distance ? [asc(near.distance)] : [asc(near.sortName)]), asc(near.id))
      .limit(query.size)
      .offset(pageOffset(query.page, query.size));
    // A page past the end has no row to carry the count: the count alone, then.
    const total =
      page.length > 0
        ? Number(page[0]?.total)
        : query.page === 1
          ? 0
          : Number(
              (
                await db
                  .select({ total: count() })
                  .from(near)
                  .where(distance ? sql`${near.distance} <= ${radiusM}::float8` : undefined)
              )[0]?.total ?? 0,
            );
    const wide = new Map(
      page.length === 0
        ? []
        : (
            await db
              .select(stationColumns)
              .from(stations)
              .innerJoin(merchants, eq(merchants.id, stations.merchantId))
              .where(
                inArray(
                  stations.id,
                  page.map((row) => row.id),
                ),
              )
          ).map((row) => [row.id, row]),
    );
    const rows = page.flatMap((row) => {
      const station = wide.get(row.id);
      return station ? [{ ...station, distance: row.distance }] : [];
    });
    const ids = rows.map((row) => row.id);
    const connectors = groupBy(await loadConnectors(db, ids), (row) => row.stationId);
    const live = await loadLiveState(db, ids, now);
    const items = rows.map((row) => ({
      ...toItem(row, connectors.get(row.id) ?? [], live, language, now),
      distance_m: row.distance === null ? null : Math.round(Number(row.distance)),
    }));
    return toPage(items, total, query.page, query.size);
  },

  /** GET /stations/{id}/: everything the station's screen shows; 404 unless the app may see it. */
  async station(id: number, language: TLanguage): Promise<TAppStation> {
    const now = clock();
    const [row] = await db
      .select(stationColumns)
      .from(stations)
      .innerJoin(merchants, eq(merchants.id, stations.merchantId))
      .where(and(eq(stations.id, id), visible));
    if (!row) {
      throw new ApiError(404, 'app_station_not_found');
    }
    const connectors = await loadConnectors(db, [id]);
    const live = await loadLiveState(db, [id], now);
    const online = live.online.has(id);
    // The price preview's own function (GET /api/v1/stations/connectors/{id}/price/): one pricing, never restated.
    const prices = await Promise.all(connectors.map((connector) => connectorPrice(db, connector.id, {}, now)));
    const photos = await db
      .select({ id: stationMedia.id, path: stationMedia.path, kind: stationMedia.kind })
      .from(stationMedia)
      .where(eq(stationMedia.stationId, id))
      .orderBy(asc(stationMedia.id));
    const tagRows = await db
      .selectDistinct({ id: tags.id, ru: tags.titleRu, en: tags.titleEn, ky: tags.titleKy })
      .from(tags)
      .where(
        and(
          eq(tags.status, STATUS.active),
          sql`(${tags.id} in (select ${stationTags.tagId} from ${stationTags} where ${stationTags.stationId} = ${id})
            or ${tags.id} in (select ${merchantTags.tagId} from ${merchantTags} where ${merchantTags.merchantId} = ${row.merchantId}))`,
        ),
      )
      .orderBy(asc(tags.id));
    const infrastructureRows = await db
      .selectDistinct({
        id: surroundings.id,
        ru: surroundings.titleRu,
        en: surroundings.titleEn,
        ky: surroundings.titleKy,
        iconPath: surroundings.iconPath,
      })
      .from(surroundings)
      .where(
        and(
          eq(surroundings.status, STATUS.active),
          sql`(${surroundings.id} in (select ${stationEnvironment.surroundingId} from ${stationEnvironment}
                where ${stationEnvironment.stationId} = ${id})
            or ${surroundings.id} in (select ${merchantEnvironment.surroundingId} from ${merchantEnvironment}
                where ${merchantEnvironment.merchantId} = ${row.merchantId}))`,
        ),
      )
      .orderBy(asc(surroundings.id));
    return {
      ...toItem(row, connectors, live, language, now),
      schedule: toScheduleDays(row.schedule as TStoredSchedule),
      photos: photos.map((photo) => ({
        id: photo.id,
        url: mediaUrl(photo.path),
        kind: photo.kind === 'video' ? 'video' : 'image',
      })),
      tags: tagRows.map((tag) => ({ id: tag.id, name: textIn(tag, language) })),
      infrastructure: infrastructureRows.map((item) => ({
        id: item.id,
        name: textIn(item, language),
        icon: item.iconPath ? mediaUrl(item.iconPath) : null,
      })),
      connectors: connectors.map((connector, index) => {
        const status = live.statuses.get(`${id}:${connector.ocppId}`) ?? null;
        const price = prices[index];
        return {
          id: connector.id,
          ocpp_id: connector.ocppId,
          evse_id: connector.evseId,
          connector_id: connector.connectorId,
          type: connector.typo,
          type_name: connector.typeName,
          current: currentOf(connector.current),
          power_kw: Number(connector.power),
          cable_length: connector.cableLength,
          status,
          available: online && status === AVAILABLE,
          price: { rate: price?.rate ?? null, now: price?.now ?? null, timeline: price?.timeline ?? [] },
        };
      }),
    };
  },
});

export type DriverCatalogue = ReturnType<typeof createDriverCatalogue>;
