// Bulk data of bench:app (scripts/bench-app.ts), inserted straight into the benchmark's migrated database by a few
// set-based INSERT ... SELECT generate_series statements: the stations the app searches near a point, and the
// stations whose simulated charge points the drivers start charges at.
import { createStationSecrets } from '@zaryad/server/ocpp-simulator';
import type pg from 'pg';

/** Open every day, all day (an end at midnight is the day's end): the benchmark runs at any hour. */
const ROUND_THE_CLOCK = JSON.stringify(
  [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, start_time: '00:00:00', end_time: '00:00:00', is_break: false })),
);

/** Where the catalogue's stations stand: most in Bishkek, many in Osh, the rest anywhere in Kyrgyzstan's box. */
export const AREAS = {
  bishkek: { lat: 42.87, lon: 74.59, dLat: 0.1, dLon: 0.15 },
  osh: { lat: 40.53, lon: 72.8, dLat: 0.06, dLon: 0.08 },
  country: { latFrom: 39.5, latTo: 43.0, lonFrom: 69.5, lonTo: 80.0 },
} as const;

const placeOf = async (client: pg.Client) => {
  const [city] = (
    await client.query<{ id: number; country_id: number }>(
      `select id, country_id from settlements order by (key = 'kg-bishkek') desc, id limit 1`,
    )
  ).rows;
  const types = (await client.query<{ key: string }>('select key from connector_types order by sort_order')).rows.map(
    (row) => row.key,
  );
  if (!city || types.length === 0) {
    throw new Error('locations or connector types are missing: start the server on the database first');
  }
  return { city, types };
};

/**
 * `count` stations for the catalogue under 200 merchants (round the clock): 55 % around Bishkek, 15 % around Osh,
 * 30 % spread over the country; one in 20 inactive; one module with two connectors (types and powers varied) and a
 * photo each. Answers how many stations the app may see.
 */
export const insertCatalogue = async (client: pg.Client, count: number) => {
  const { city, types } = await placeOf(client);
  const { bishkek, osh, country } = AREAS;
  await client.query('BEGIN');
  await client.query(
    `insert into merchants (name, agreement_number, legal_entity, country_id, city_id, district, street, phone, email, schedule, percentage, status)
     select 'Сеть ' || g, 'APP-' || lpad(g::text, 4, '0'), 'ОсОО «Сеть ' || g || '»', $1, $2, '', 'ул. Тестовая, ' || g,
            '996556' || lpad(g::text, 6, '0'), 'app-merchant' || g || '@bench.kg', $3::jsonb, 10, 0
     from generate_series(1, 200) g`,
    [city.country_id, city.id, ROUND_THE_CLOCK],
  );
  await client.query(
    `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                           latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
     select m.id, 'APPC-' || p.g, 'bench:not-a-sealed-secret', 'Азамат Усенов',
            'Станция ' || p.g, 'Station ' || p.g, 'Бекет ' || p.g, 'ул. Киевская, ' || p.g, p.g || ' Kiev St', 'Киев көч., ' || p.g,
            round(p.lat::numeric, 6), round(p.lon::numeric, 6), $1::jsonb, 'ABB', (array['wall', 'floor', 'mobile'])[1 + p.g % 3],
            case when p.g % 20 = 0 then 1 else 0 end, $2, $3
     from (
       select g, case when g % 20 < 11 then $4::float8 + (random() - 0.5) * 2 * $5::float8
                      when g % 20 < 14 then $6::float8 + (random() - 0.5) * 2 * $7::float8
                      else $8::float8 + random() * ($9::float8 - $8::float8) end lat,
                 case when g % 20 < 11 then $10::float8 + (random() - 0.5) * 2 * $11::float8
                      when g % 20 < 14 then $12::float8 + (random() - 0.5) * 2 * $13::float8
                      else $14::float8 + random() * ($15::float8 - $14::float8) end lon
       from generate_series(1, $16::int) g
     ) p
     join merchants m on m.agreement_number = 'APP-' || lpad((1 + p.g % 200)::text, 4, '0')
     order by p.g`,
    [
      ROUND_THE_CLOCK,
      city.country_id,
      city.id,
      bishkek.lat,
      bishkek.dLat,
      osh.lat,
      osh.dLat,
      country.latFrom,
      country.latTo,
      bishkek.lon,
      bishkek.dLon,
      osh.lon,
      osh.dLon,
      country.lonFrom,
      country.lonTo,
      count,
    ],
  );
  const catalogue = `select id from stations where identity like 'APPC-%'`;
  await client.query(
    `insert into station_media (station_id, kind, path) select id, 'image', 'stations/bench.jpg' from (${catalogue}) s`,
  );
  await client.query(`insert into evse_modules (station_id, evse_id) select id, 1 from (${catalogue}) s`);
  await client.query(
    `insert into station_connectors (station_id, evse_module_id, evse_id, connector_id, ocpp_16_id, typo, position, power_kwh)
     select m.station_id, m.id, 1, c, c, ($1::text[])[1 + (m.station_id + c) % cardinality($1::text[])], c,
            (array[7.4, 22, 60, 120, 150])[1 + (m.station_id + c) % 5]
     from evse_modules m join stations s on s.id = m.station_id and s.identity like 'APPC-%'
     cross join generate_series(1, 2) c`,
    [types],
  );
  await client.query('COMMIT');
  // VACUUM as autovacuum would soon after a bulk load: the visibility map and the planner's statistics.
  await client.query('VACUUM (ANALYZE) stations, station_connectors, station_media, evse_modules, merchants');
  const [visible] = (
    await client.query<{ count: number }>(
      `select count(*)::int count from stations where identity like 'APPC-%' and status = 0`,
    )
  ).rows;
  return visible?.count ?? 0;
};

/**
 * `points` stations APPB-1… in Bishkek (round the clock, active), each with `connectors` connectors at 20 som/kWh on
 * one module, whose charge points connect with `password` (sealed with `stationKey`, as the server opens it).
 * Answers, per station identity, its station_connectors ids in OCPP connector order.
 */
export const insertChargingNetwork = async (
  client: pg.Client,
  options: { points: number; connectors: number; stationKey: string; password: string },
) => {
  const { city, types } = await placeOf(client);
  const sealed = createStationSecrets(options.stationKey).encrypt(options.password);
  await client.query('BEGIN');
  const merchant = await client.query<{ id: number }>(
    `insert into merchants (name, agreement_number, legal_entity, country_id, city_id, district, street, phone, email, schedule, percentage, status)
     values ('App bench', 'APP-CHARGE', 'ОсОО «Бенч»', $1, $2, '', 'ул. Тестовая, 1', '996555000002', 'app@bench.kg', $3::jsonb, 10, 0)
     returning id`,
    [city.country_id, city.id, ROUND_THE_CLOCK],
  );
  await client.query(
    `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                           latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
     select $1, 'APPB-' || g, $2, 'Азамат Усенов', 'Заряд ' || g, 'Charge ' || g, 'Заряд ' || g,
            'пр. Чуй, ' || g, g || ' Chui Ave', 'Чүй пр., ' || g, 42.87 + g * 0.0001, 74.59, $3::jsonb, 'ABB', 'wall', 0, $4::float8, $5::float8
     from generate_series(1, $6::int) g`,
    [merchant.rows[0]?.id, sealed, ROUND_THE_CLOCK, city.country_id, city.id, options.points],
  );
  await client.query(
    `insert into evse_modules (station_id, evse_id) select id, 1 from stations where identity like 'APPB-%'`,
  );
  await client.query(
    `insert into station_connectors (station_id, evse_module_id, evse_id, connector_id, ocpp_16_id, typo, position, power_kwh, custom_fee)
     select m.station_id, m.id, 1, c, c, $1, c, 22, 20.00
     from evse_modules m join stations s on s.id = m.station_id and s.identity like 'APPB-%'
     cross join generate_series(1, $2::int) c`,
    [types[0], options.connectors],
  );
  await client.query('COMMIT');
  await client.query('ANALYZE stations, station_connectors, evse_modules');
  const rows = (
    await client.query<{ identity: string; id: number }>(
      `select s.identity, c.id from station_connectors c join stations s on s.id = c.station_id
       where s.identity like 'APPB-%' order by s.id, c.ocpp_16_id`,
    )
  ).rows;
  const byIdentity = new Map<string, number[]>();
  for (const row of rows) {
    byIdentity.set(row.identity, [...(byIdentity.get(row.identity) ?? []), row.id]);
  }
  return byIdentity;
};
