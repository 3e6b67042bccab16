// Bulk data of the network benchmark: 1,000 merchants, 20,000 stations, 100,000 connectors, plus one large merchant
// with 120,000 stations (its list has a page 10,000), written by a handful of set-based INSERT ... SELECT
// generate_series statements (seconds, not minutes).
import pg from 'pg';

export const NETWORK = {
  merchants: 1000,
  stationsPerMerchant: 20,
  modulesPerStation: 2,
  connectorsPerModule: [3, 2],
  /** Stations of the large merchant: 12,000 pages of 10, so that page 10,000 exists. */
  largeMerchantStations: 120_000,
} as const;

/** The large merchant's name; its stations are all named 'Станция …': a search for that word selects all of them. */
export const LARGE_MERCHANT = 'Сеть «Большая»';

/** Drops and creates the benchmark database: every run starts from the same empty state. */
export const createFreshDatabase = async (databaseUrl: string) => {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) {
    throw new Error(`unexpected database name: ${name}`);
  }
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
};

const WEEKDAYS_WITH_LUNCH = JSON.stringify(
  [0, 1, 2, 3, 4].flatMap((day) => [
    { day, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
    { day, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
  ]),
);
const ROUND_THE_CLOCK = JSON.stringify(
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start_time: '00:00:00', end_time: '00:00:00', is_break: false })),
);

/**
 * Fills a migrated database (the server has started on it once: locations and connector types exist). Station
 * passwords get a placeholder instead of a sealed secret: nothing in the measured calls opens it.
 */
export const insertNetwork = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const cities = await client.query<{ id: number; country_id: number }>(
      `select id, country_id from settlements where key in ('kg-bishkek', 'kg-osh', 'kg-karakol', 'kg-jalal-abad', 'kg-tokmok', 'kg-naryn') order by id`,
    );
    const cityIds = cities.rows.map((row) => row.id);
    const countryId = cities.rows[0]?.country_id;
    const types = (await client.query<{ key: string }>('select key from connector_types order by sort_order')).rows.map(
      (row) => row.key,
    );
    if (cityIds.length === 0 || countryId === undefined || types.length === 0) {
      throw new Error('locations or connector types are missing: start the server on the database first');
    }
    await client.query(
      `insert into merchants (name, agreement_number, legal_entity, country_id, city_id, district, street, phone, email, schedule, percentage, status)
       select 'Мерчант ' || g, 'BN-' || lpad(g::text, 5, '0'), 'ОсОО «Мерчант ' || g || '»', $1, ($2::int[])[1 + g % cardinality($2::int[])],
              '', 'ул. Тестовая, ' || g, '996555' || lpad(g::text, 6, '0'), 'merchant' || g || '@bench.kg',
              (case when g % 3 = 0 then $3 else $4 end)::jsonb, (g % 21)::numeric, case when g % 10 = 0 then 1 else 0 end
       from generate_series(1, $5::int) g`,
      [countryId, cityIds, ROUND_THE_CLOCK, WEEKDAYS_WITH_LUNCH, NETWORK.merchants],
    );
    await client.query(
      `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                             latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
       select m.id, 'BENCH-' || m.id || '-' || s, 'bench:not-a-sealed-secret', 'Азамат Усенов',
              'Станция ' || m.id || '-' || s, 'Station ' || m.id || '-' || s, 'Бекет ' || m.id || '-' || s,
              'ул. Киевская, ' || s, s || ' Kiev St', 'Киев көч., ' || s,
              round((42.80 + random() * 0.15)::numeric, 6), round((74.50 + random() * 0.20)::numeric, 6), m.schedule, 'ABB',
              (array['wall', 'floor', 'mobile'])[1 + s % 3], case when s % 7 = 0 then 1 else 0 end, m.country_id, m.city_id
       from merchants m cross join generate_series(1, $1::int) s
       order by m.id, s`,
      [NETWORK.stationsPerMerchant],
    );
    // The large merchant: its stations only serve its list (page 10,000, an unselective search), so they carry no
    // connectors or images; a list row loads those for the page's ten stations only, whatever the list's length.
    await client.query(
      `insert into merchants (name, agreement_number, legal_entity, country_id, city_id, district, street, phone, email, schedule, percentage, status)
       values ($1, 'BN-LARGE', 'ОсОО «Большая сеть»', $2, $3, '', 'пр. Чуй, 1', '996555999999', 'large@bench.kg', $4::jsonb, 10, 0)`,
      [LARGE_MERCHANT, countryId, cityIds[0], ROUND_THE_CLOCK],
    );
    await client.query(
      `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                             latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
       select m.id, 'LARGE-' || s, 'bench:not-a-sealed-secret', 'Азамат Усенов',
              'Станция Л-' || s, 'Station L-' || s, 'Бекет Л-' || s, 'пр. Чуй, ' || s, s || ' Chui Ave', 'Чүй пр., ' || s,
              round((42.80 + random() * 0.15)::numeric, 6), round((74.50 + random() * 0.20)::numeric, 6), m.schedule, 'ABB',
              (array['wall', 'floor', 'mobile'])[1 + s % 3], case when s % 7 = 0 then 1 else 0 end, m.country_id, m.city_id
       from merchants m cross join generate_series(1, $2::int) s
       where m.name = $1
       order by s`,
      [LARGE_MERCHANT, NETWORK.largeMerchantStations],
    );
    // The edit rule "at least one image" holds for every station; the file itself is never read by the measured calls.
    const networkStations = `select s.id from stations s join merchants m on m.id = s.merchant_id where m.name <> '${LARGE_MERCHANT}'`;
    await client.query(
      `insert into station_media (station_id, kind, path) select id, 'image', 'stations/bench.jpg' from (${networkStations}) s`,
    );
    await client.query(
      `insert into evse_modules (station_id, evse_id) select s.id, e from (${networkStations}) s cross join generate_series(1, $1::int) e`,
      [NETWORK.modulesPerStation],
    );
    // Module 1 holds 3 connectors, module 2 holds 2: ocpp_16_id and position run 1..5 across the station.
    await client.query(
      `insert into station_connectors (station_id, evse_module_id, evse_id, connector_id, ocpp_16_id, typo, position, power_kwh)
       select module.station_id, module.id, module.evse_id, c, (module.evse_id - 1) * $1::int + c, ($2::text[])[1 + (module.station_id + c) % cardinality($2::text[])],
              (module.evse_id - 1) * $1::int + c, (array[7.4, 22, 60, 120, 150])[1 + c % 5]
       from evse_modules module
       cross join lateral generate_series(1, case when module.evse_id = 1 then $1::int else $3::int end) c`,
      [NETWORK.connectorsPerModule[0], types, NETWORK.connectorsPerModule[1]],
    );
    await client.query('COMMIT');
    // VACUUM as autovacuum would soon after a bulk load (PostgreSQL 13+ vacuums after inserts too): it sets the
    // visibility map, without which an index-only scan (a deep page's ids, a count) visits every row's heap page.
    await client.query('VACUUM (ANALYZE)');
    const counts = await client.query<{ merchants: number; stations: number; connectors: number }>(
      `select (select count(*)::int from merchants) merchants, (select count(*)::int from stations) stations,
              (select count(*)::int from station_connectors) connectors`,
    );
    return counts.rows[0];
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
};

/** Ids to aim the measured requests at: random stations and merchants that exist. */
export const sampleIds = async (databaseUrl: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const merchants = await client.query<{ id: number }>(
      'select id from merchants where name <> $1 order by random() limit 200',
      [LARGE_MERCHANT],
    );
    // Stations the edit can change: the network's, with images and connectors.
    const stations = await client.query<{ id: number }>(
      `select s.id from stations s join station_media m on m.station_id = s.id order by random() limit 2000`,
    );
    const [large] = (await client.query<{ id: number }>('select id from merchants where name = $1', [LARGE_MERCHANT]))
      .rows;
    if (!large) {
      throw new Error('the large merchant is missing');
    }
    return {
      merchantIds: merchants.rows.map((row) => row.id),
      stationIds: stations.rows.map((row) => row.id),
      largeMerchantId: large.id,
    };
  } finally {
    await client.end();
  }
};
