import type { TCatalogueRef, TConnector, TEvseModule, TLanguage, TStation, TStationRow } from '@zaryad/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { notFound } from '../../http/api-errors';
import { connectorTypes } from '../connectors';
import { listConnectorTypesWithDefaultFee, rates } from '../rates';
import { countries, settlements } from '../locations';
import type { FileStorage } from '../media';
import { toScheduleDays } from '../schedules';
import { surroundings } from '../surroundings';
import { tags } from '../tags';
import { toStatus } from '../../platform/status';
import {
  evseModules,
  stationConnectors,
  stationEnvironment,
  stationMedia,
  stations,
  stationTags,
} from './stations.tables';

type Reader = Pick<Database, 'select'>;
export type TStationRecord = typeof stations.$inferSelect;

/** The station's text in the request language; ru is the fallback for a text left empty. */
export const inLanguage = (texts: { ru: string; en: string; ky: string }, language: TLanguage) =>
  texts[language] || texts.ru;

export const stationName = (row: Pick<TStationRecord, 'nameRu' | 'nameEn' | 'nameKy'>, language: TLanguage) =>
  inLanguage({ ru: row.nameRu, en: row.nameEn, ky: row.nameKy }, language);

/** Items by a key, in their order (the drivers' catalogue reads its stations' rows with it too). */
export const groupBy = <T, K>(items: readonly T[], key: (item: T) => K) => {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const list = groups.get(key(item));
    if (list) {
      list.push(item);
    } else {
      groups.set(key(item), [item]);
    }
  }
  return groups;
};

/** Tags and infrastructure of several stations at once (one query each), keyed by station id. */
export const loadCatalogueRefs = async (db: Reader, stationIds: number[], storage: FileStorage) => {
  if (stationIds.length === 0) {
    return { tags: new Map<number, TCatalogueRef[]>(), environment: new Map<number, TCatalogueRef[]>() };
  }
  const tagRows = await db
    .select({
      stationId: stationTags.stationId,
      id: tags.id,
      title_ru: tags.titleRu,
      title_en: tags.titleEn,
      title_ky: tags.titleKy,
    })
    .from(stationTags)
    .innerJoin(tags, eq(tags.id, stationTags.tagId))
    .where(inArray(stationTags.stationId, stationIds))
    .orderBy(asc(tags.id));
  const environmentRows = await db
    .select({
      stationId: stationEnvironment.stationId,
      id: surroundings.id,
      title_ru: surroundings.titleRu,
      title_en: surroundings.titleEn,
      title_ky: surroundings.titleKy,
      iconPath: surroundings.iconPath,
    })
    .from(stationEnvironment)
    .innerJoin(surroundings, eq(surroundings.id, stationEnvironment.surroundingId))
    .where(inArray(stationEnvironment.stationId, stationIds))
    .orderBy(asc(surroundings.id));
  const toTag = ({ stationId: _stationId, ...ref }: (typeof tagRows)[number]): TCatalogueRef => ref;
  const toEnvironment = ({
    stationId: _stationId,
    iconPath,
    ...ref
  }: (typeof environmentRows)[number]): TCatalogueRef => ({
    ...ref,
    icon_path: iconPath ? storage.url(iconPath) : null,
  });
  return {
    tags: new Map([...groupBy(tagRows, (row) => row.stationId)].map(([id, rows]) => [id, rows.map(toTag)])),
    environment: new Map(
      [...groupBy(environmentRows, (row) => row.stationId)].map(([id, rows]) => [id, rows.map(toEnvironment)]),
    ),
  };
};

/** Connector type names of several stations (for table rows), in ocpp_16_id order. */
export const loadConnectorNames = async (db: Reader, stationIds: number[]) => {
  if (stationIds.length === 0) {
    return new Map<number, string[]>();
  }
  const rows = await db
    .select({ stationId: stationConnectors.stationId, name: connectorTypes.name })
    .from(stationConnectors)
    .innerJoin(connectorTypes, eq(connectorTypes.key, stationConnectors.typo))
    .where(inArray(stationConnectors.stationId, stationIds))
    .orderBy(asc(stationConnectors.stationId), asc(stationConnectors.ocpp16Id));
  return new Map([...groupBy(rows, (row) => row.stationId)].map(([id, list]) => [id, list.map((row) => row.name)]));
};

/** The modules of a station with their connectors sorted by connector_id (docs/product/stations.md#3-records). */
export const loadEvses = async (db: Database, stationId: number): Promise<TEvseModule[]> => {
  const modules = await db
    .select()
    .from(evseModules)
    .where(eq(evseModules.stationId, stationId))
    .orderBy(asc(evseModules.evseId), asc(evseModules.id));
  const connectors = (
    await db
      .select({ connector: stationConnectors, rateName: rates.name })
      .from(stationConnectors)
      .leftJoin(rates, eq(rates.id, stationConnectors.rateId))
      .where(eq(stationConnectors.stationId, stationId))
      .orderBy(asc(stationConnectors.connectorId), asc(stationConnectors.id))
  ).map((row) => ({ ...row.connector, rateName: row.rateName }));
  const types = new Map((await listConnectorTypesWithDefaultFee(db)).map((type) => [type.key, type]));
  const byModule = groupBy(connectors, (connector) => connector.evseModuleId);
  return modules.map((module) => ({
    id: module.id,
    evse_id: module.evseId,
    label: module.label,
    connectors: (byModule.get(module.id) ?? []).map((connector): TConnector => ({
      id: connector.id,
      evse: module.id,
      evse_id: connector.evseId,
      connector_id: connector.connectorId,
      ocpp_16_id: connector.ocpp16Id,
      typo: connector.typo,
      typo_name: types.get(connector.typo)?.name ?? connector.typo,
      position: connector.position,
      power_kWh: Number(connector.powerKwh),
      cable_length: connector.cableLength,
      custom_fee: connector.customFee,
      rate_id: connector.rateId,
      rate_name: connector.rateName,
      fee_default: types.get(connector.typo)?.fee ?? null,
    })),
  }));
};

export const findStationRecord = async (db: Reader, id: number): Promise<TStationRecord> => {
  const [row] = await db.select().from(stations).where(eq(stations.id, id)).limit(1);
  if (!row) {
    throw notFound();
  }
  return row;
};

/** Everything about one station (GET /stations/{id}/); the password only as `has_password`. */
export const loadStation = async (
  db: Database,
  id: number,
  language: TLanguage,
  storage: FileStorage,
): Promise<TStation> => {
  const row = await findStationRecord(db, id);
  const [place] = await db
    .select({
      countryRu: countries.nameRu,
      countryEn: countries.nameEn,
      countryKy: countries.nameKy,
      cityRu: settlements.nameRu,
      cityEn: settlements.nameEn,
      cityKy: settlements.nameKy,
    })
    .from(countries)
    .innerJoin(settlements, and(eq(settlements.id, row.cityId)))
    .where(eq(countries.id, row.countryId))
    .limit(1);
  const refs = await loadCatalogueRefs(db, [id], storage);
  const media = await db
    .select()
    .from(stationMedia)
    .where(eq(stationMedia.stationId, id))
    .orderBy(asc(stationMedia.id));
  return {
    id: row.id,
    merchant: row.merchantId,
    identity: row.identity,
    has_password: row.passwordSealed !== '',
    pic: row.pic,
    name_ru: row.nameRu,
    name_en: row.nameEn,
    name_ky: row.nameKy,
    address_ru: row.addressRu,
    address_en: row.addressEn,
    address_ky: row.addressKy,
    latitude: row.latitude,
    longitude: row.longitude,
    manufacturer: row.manufacturer,
    execution_type: row.executionType === 'floor' || row.executionType === 'mobile' ? row.executionType : 'wall',
    is_gas_station: row.isGasStation,
    status: toStatus(row.status),
    is_new: row.isNew,
    country: {
      id: row.countryId,
      name: place ? inLanguage({ ru: place.countryRu, en: place.countryEn, ky: place.countryKy }, language) : '',
    },
    city: {
      id: row.cityId,
      name: place ? inLanguage({ ru: place.cityRu, en: place.cityEn, ky: place.cityKy }, language) : '',
    },
    tags: refs.tags.get(id) ?? [],
    environment: refs.environment.get(id) ?? [],
    schedule: toScheduleDays(row.schedule),
    avatar: row.avatarPath ? storage.url(row.avatarPath) : null,
    media_files: media.map((file) => ({
      id: file.id,
      content_path: storage.url(file.path),
      content: file.kind === 'video' ? 'video' : 'image',
    })),
    evses: await loadEvses(db, id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/** Table rows (the merchant's station table) for stations already selected with their city names. */
export const toStationRows = async (
  db: Database,
  rows: (TStationRecord & { cityRu: string; cityEn: string; cityKy: string })[],
  language: TLanguage,
  storage: FileStorage,
): Promise<TStationRow[]> => {
  const ids = rows.map((row) => row.id);
  const refs = await loadCatalogueRefs(db, ids, storage);
  const connectorNames = await loadConnectorNames(db, ids);
  return rows.map((row) => {
    const city = inLanguage({ ru: row.cityRu, en: row.cityEn, ky: row.cityKy }, language);
    const address = inLanguage({ ru: row.addressRu, en: row.addressEn, ky: row.addressKy }, language);
    return {
      id: row.id,
      name: stationName(row, language),
      location: address ? `${city}, ${address}` : city,
      schedule: toScheduleDays(row.schedule),
      status: toStatus(row.status),
      connectors: connectorNames.get(row.id) ?? [],
      tags: refs.tags.get(row.id) ?? [],
      surroundings: refs.environment.get(row.id) ?? [],
    };
  });
};
