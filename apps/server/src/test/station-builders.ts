import { STATUS, type TScheduleEntry } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { adjustStationCount } from '../modules/locations/locations.service';
import { settlements } from '../modules/locations/locations.tables';
import { normaliseSchedule } from '../modules/schedules';
import { draftFromInput, writeConnectors } from '../modules/stations/connectors.write';
import { createStationSecrets, type StationSecrets } from '../modules/stations/station-secret';
import { stationEnvironment, stationMedia, stations, stationTags } from '../modules/stations/stations.tables';

export interface ConnectorOverrides {
  evse_id: number;
  connector_id?: number;
  typo?: string;
  position?: number;
  power_kWh?: number;
  cable_length?: number | null;
  custom_fee?: string | null;
  /** A personal rate of the connector's type. */
  rate_id?: number | null;
}

export interface StationOverrides {
  merchantId: number;
  identity?: string;
  password?: string;
  /** A settlement key of locations.data.ts; its country goes with it. */
  cityKey?: string;
  nameRu?: string;
  nameEn?: string;
  nameKy?: string;
  addressRu?: string;
  addressEn?: string;
  addressKy?: string;
  latitude?: string;
  longitude?: string;
  schedule?: TScheduleEntry[];
  manufacturer?: string;
  executionType?: 'wall' | 'floor' | 'mobile';
  isActive?: boolean;
  isNew?: boolean;
  tagIds?: number[];
  environmentIds?: number[];
  connectors?: ConnectorOverrides[];
  /** Stored media paths (relative to the uploads root); images unless the path ends in .mp4. */
  mediaPaths?: string[];
  avatarPath?: string | null;
  /** Seals the password; the tests' key when absent. */
  secrets?: StationSecrets;
}

let sequence = 0;
const TEST_SECRETS = createStationSecrets('test-station-secret-key-0123456789abcdef');
const EVERY_DAY: TScheduleEntry[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start_time: '08:00:00', end_time: '22:00:00', is_break: false }));

/**
 * Inserts a station straight into the database (shared by the tests, the demo seed and the benchmark): active, in
 * Bishkek, one module with one Type 2 connector, unless told otherwise. Locations and connector types must be
 * seeded (any built app has done it).
 */
export const buildStation = async (db: Database, overrides: StationOverrides) => {
  sequence += 1;
  const suffix = `${Date.now().toString(36)}${sequence}`;
  const cityKey = overrides.cityKey ?? 'kg-bishkek';
  const [city] = await db.select({ id: settlements.id, countryId: settlements.countryId }).from(settlements).where(eq(settlements.key, cityKey));
  if (!city) {
    throw new Error(`settlement ${cityKey} is missing: seed the locations first`);
  }
  const connectors = overrides.connectors ?? [{ evse_id: 1 }];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stations)
      .values({
        merchantId: overrides.merchantId,
        identity: overrides.identity ?? `CP-${suffix}`,
        passwordSealed: (overrides.secrets ?? TEST_SECRETS).encrypt(overrides.password ?? 'Station0Password0001'),
        pic: 'Азамат Усенов',
        nameRu: overrides.nameRu ?? `Станция ${sequence}`,
        nameEn: overrides.nameEn ?? `Station ${sequence}`,
        nameKy: overrides.nameKy ?? `Бекет ${sequence}`,
        addressRu: overrides.addressRu ?? 'ул. Киевская, 95',
        addressEn: overrides.addressEn ?? '95 Kiev St',
        addressKy: overrides.addressKy ?? 'Киев көч., 95',
        latitude: overrides.latitude ?? '42.874621',
        longitude: overrides.longitude ?? '74.569762',
        schedule: normaliseSchedule(overrides.schedule ?? EVERY_DAY),
        manufacturer: overrides.manufacturer ?? 'ABB',
        executionType: overrides.executionType ?? 'floor',
        status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
        isNew: overrides.isNew ?? false,
        countryId: city.countryId,
        cityId: city.id,
        avatarPath: overrides.avatarPath ?? null,
      })
      .returning();
    if (!row) {
      throw new Error('station insert returned nothing');
    }
    const tagIds = overrides.tagIds ?? [];
    if (tagIds.length > 0) {
      await tx.insert(stationTags).values(tagIds.map((tagId) => ({ stationId: row.id, tagId })));
    }
    const environmentIds = overrides.environmentIds ?? [];
    if (environmentIds.length > 0) {
      await tx.insert(stationEnvironment).values(environmentIds.map((surroundingId) => ({ stationId: row.id, surroundingId })));
    }
    await writeConnectors(
      tx,
      row.id,
      connectors.map((connector, index) =>
        draftFromInput(
          {
            evse_id: connector.evse_id,
            connector_id: connector.connector_id ?? index + 1,
            ocpp_16_id: index + 1,
            evse_label: undefined,
            typo: connector.typo ?? 'type2',
            position: connector.position ?? index + 1,
            power_kWh: connector.power_kWh ?? 22,
            cable_length: connector.cable_length ?? null,
            custom_fee: connector.custom_fee ?? null,
            rate_id: connector.rate_id ?? null,
          },
          index,
        ),
      ),
    );
    const mediaPaths = overrides.mediaPaths ?? [];
    if (mediaPaths.length > 0) {
      await tx
        .insert(stationMedia)
        .values(mediaPaths.map((path) => ({ stationId: row.id, kind: path.endsWith('.mp4') ? 'video' : 'image', path })));
    }
    await adjustStationCount(tx, city.id, 1);
    return row;
  });
};
