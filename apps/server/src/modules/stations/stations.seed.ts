import type { TScheduleEntry } from '@zaryad/contracts';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { buildStation, type ConnectorOverrides } from '../../test/station-builders';
import { seedConnectorTypes } from '../connectors';
import { DEMO_NIGHT_RATE, rates } from '../rates';
import { settlements } from '../locations';
import type { FileStorage } from '../media';
import { merchants } from '../merchants';
import { surroundings } from '../surroundings';
import { tags } from '../tags';
import { demoStationPhoto } from './demo-photo';
import type { StationSecrets } from './station-secret';
import { stations } from './stations.tables';

const STREETS = [
  { ru: 'пр. Чуй', en: 'Chuy Ave', ky: 'Чүй пр.' },
  { ru: 'ул. Токтогула', en: 'Toktogul St', ky: 'Токтогул көч.' },
  { ru: 'пр. Манаса', en: 'Manas Ave', ky: 'Манас пр.' },
  { ru: 'ул. Ленина', en: 'Lenin St', ky: 'Ленин көч.' },
  { ru: 'ул. Курманжан Датки', en: 'Kurmanzhan Datka St', ky: 'Курманжан Датка көч.' },
  { ru: 'пр. Масалиева', en: 'Masaliev Ave', ky: 'Масалиев пр.' },
  { ru: 'ул. Абдрахманова', en: 'Abdrakhmanov St', ky: 'Абдрахманов көч.' },
  { ru: 'ул. Фрунзе', en: 'Frunze St', ky: 'Фрунзе көч.' },
  { ru: 'ул. Исанова', en: 'Isanov St', ky: 'Исанов көч.' },
  { ru: 'ул. Жибек Жолу', en: 'Zhibek Zholu St', ky: 'Жибек Жолу көч.' },
] as const;

/** Module layouts of real chargers: DC fast posts with two guns, AC wall boxes, mixed sites. */
const LAYOUTS: ConnectorOverrides[][] = [
  [
    { evse_id: 1, typo: 'gbt_dc', power_kWh: 120, cable_length: 5 },
    { evse_id: 1, typo: 'ccs2', power_kWh: 120, cable_length: 5 },
  ],
  [{ evse_id: 1, typo: 'type2', power_kWh: 22, cable_length: null }],
  [
    { evse_id: 1, typo: 'gbt_dc', power_kWh: 60, cable_length: 4 },
    { evse_id: 2, typo: 'type2', power_kWh: 22, cable_length: null },
  ],
  [
    { evse_id: 1, typo: 'ccs2', power_kWh: 150, cable_length: 5, custom_fee: '18.00' },
    { evse_id: 1, typo: 'chademo', power_kWh: 50, cable_length: 4 },
    { evse_id: 2, typo: 'gbt_dc', power_kWh: 60, cable_length: 5 },
    { evse_id: 2, typo: 'type2', power_kWh: 22, cable_length: null },
  ],
];

const EVERY_DAY = (start: string, end: string): TScheduleEntry[] =>
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start_time: start, end_time: end, is_break: false }));
const SCHEDULES: TScheduleEntry[][] = [
  EVERY_DAY('00:00:00', '00:00:00'),
  EVERY_DAY('08:00:00', '22:00:00'),
  [
    ...[0, 1, 2, 3, 4, 5].map((day) => ({ day, start_time: '09:00:00', end_time: '21:00:00', is_break: false })),
    ...[0, 1, 2, 3, 4].map((day) => ({ day, start_time: '13:00:00', end_time: '14:00:00', is_break: true })),
  ],
];

/**
 * The demo stations' OCPP password (20 letters and digits, as a charge point would get one): `npm run simulate` knows
 * it, so that its charge points sign in to a fresh demo install. Real stations get theirs in the station form.
 */
export const DEMO_STATION_PASSWORD = 'ZaryadDemoStation001';

const pickSome = (ids: number[], seed: number, most: number) =>
  ids.length === 0
    ? []
    : [
        ...new Set(
          Array.from({ length: 1 + (seed % most) }, (_, index) => ids[(seed + index * 3) % ids.length] as number),
        ),
      ];

/**
 * Two to five stations for every demo merchant that has none yet (so running it twice changes nothing), around
 * the merchant's city within a few kilometres, each with a generated photo. Tags and infrastructure must be seeded.
 */
export const seedStations = async (db: Database, storage: FileStorage, secrets: StationSecrets): Promise<number> => {
  // The server writes the connector types at start; the seed may run on a database it has not started on yet.
  await seedConnectorTypes(db);
  const withStations = db.select({ id: stations.merchantId }).from(stations);
  const rows = await db
    .select({ id: merchants.id, name: merchants.name, cityId: merchants.cityId })
    .from(merchants)
    .orderBy(asc(merchants.id));
  const taken = new Set((await withStations).map((row) => row.id));
  const waiting = rows.filter((row) => !taken.has(row.id));
  if (waiting.length === 0) {
    return 0;
  }
  const cities = await db
    .select({
      id: settlements.id,
      key: settlements.key,
      latitude: settlements.latitude,
      longitude: settlements.longitude,
    })
    .from(settlements)
    .where(inArray(settlements.id, [...new Set(waiting.map((row) => row.cityId))]));
  const cityById = new Map(cities.map((city) => [city.id, city]));
  const tagIds = (await db.select({ id: tags.id }).from(tags).where(eq(tags.status, 0))).map((row) => row.id);
  const [nightRate] = await db
    .select({ id: rates.id })
    .from(rates)
    .where(and(eq(rates.name, DEMO_NIGHT_RATE), eq(rates.typo, 'type2'), eq(rates.rateType, 'personal')))
    .limit(1);
  const nightRateId = nightRate?.id ?? null;
  const environmentIds = (
    await db.select({ id: surroundings.id }).from(surroundings).where(eq(surroundings.status, 0))
  ).map((row) => row.id);
  let created = 0;
  for (const merchant of waiting) {
    const city = cityById.get(merchant.cityId);
    if (!city) {
      continue;
    }
    const count = 2 + ((merchant.id * 7) % 4);
    for (let index = 0; index < count; index += 1) {
      const seed = merchant.id * 31 + index * 17;
      const street = STREETS[seed % STREETS.length] ?? STREETS[0];
      const house = 10 + (seed % 190);
      // Spread around the centre by up to ~3 km: 0.027 degrees of latitude, a little more of longitude.
      const latitude = city.latitude + (((seed * 37) % 55) - 27) / 1000;
      const longitude = city.longitude + (((seed * 53) % 75) - 37) / 1000;
      const photo = await storage.saveFile(demoStationPhoto(seed), 'png');
      const label = (text: string) => `${merchant.name}, ${text}`.slice(0, 80);
      await buildStation(db, {
        merchantId: merchant.id,
        identity: `ZRD-${merchant.id}-${index + 1}`,
        password: DEMO_STATION_PASSWORD,
        cityKey: city.key,
        nameRu: label(`${street.ru}`),
        nameEn: label(`${street.en}`),
        nameKy: label(`${street.ky}`),
        addressRu: `${street.ru}, ${house}`,
        addressEn: `${house} ${street.en}`,
        addressKy: `${street.ky}, ${house}`,
        latitude: latitude.toFixed(6),
        longitude: longitude.toFixed(6),
        schedule: SCHEDULES[seed % SCHEDULES.length],
        manufacturer: ['ABB', 'Kempower', 'Star Charge', 'XCharge'][seed % 4],
        executionType: seed % 3 === 0 ? 'wall' : 'floor',
        isActive: seed % 9 !== 0,
        isNew: index === count - 1,
        tagIds: pickSome(tagIds, seed, 3),
        environmentIds: pickSome(environmentIds, seed + 1, 4),
        connectors: LAYOUTS[seed % LAYOUTS.length]?.map((connector, position) => ({
          ...connector,
          position: position + 1,
          // The mixed sites' Type 2 connectors charge by the demo's personal night rate (tariffs II).
          ...(seed % LAYOUTS.length === LAYOUTS.length - 1 && connector.typo === 'type2' && { rate_id: nightRateId }),
        })),
        mediaPaths: [photo],
        // A file of its own: replacing the avatar deletes its file, which must not take the gallery photo along.
        avatarPath: await storage.saveFile(demoStationPhoto(seed + 1), 'png'),
        secrets,
      });
      created += 1;
    }
  }
  return created;
};
