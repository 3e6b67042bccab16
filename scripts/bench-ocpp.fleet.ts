// The simulated network of bench:ocpp, shared with bench:live: its stations and drivers inserted straight into the
// database, and the load generator's child processes (bench-ocpp.worker.ts) that hold the charge points.
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createStationSecrets } from '@zaryad/server/ocpp-simulator';
import type pg from 'pg';
import type { TWorkerRequest, WorkerAnswer } from './bench-ocpp.worker';

export interface FleetOptions {
  stations: number;
  sessions: number;
  stationKey: string;
  password: string;
}

/**
 * One merchant, the stations OCPPB-1… (one connector each at 20 som/kWh) and a driver with 10,000 som per session
 * (tag BTAGn for OCPPB-n).
 */
export const insertFleet = async (client: pg.Client, options: FleetOptions) => {
  const sealed = createStationSecrets(options.stationKey).encrypt(options.password);
  const [city] = (
    await client.query<{ id: number; country_id: number }>('select id, country_id from settlements limit 1')
  ).rows;
  const [type] = (await client.query<{ key: string }>('select key from connector_types order by sort_order limit 1'))
    .rows;
  if (!city || !type) {
    throw new Error('locations or connector types are missing: start the server on the database first');
  }
  await client.query('BEGIN');
  const merchant = await client.query<{ id: number }>(
    `insert into merchants (name, agreement_number, legal_entity, country_id, city_id, district, street, phone, email, schedule, percentage, status)
     values ('OCPP bench', 'OCPP-1', 'ОсОО «Бенч»', $1, $2, '', 'ул. Тестовая, 1', '996555000001', 'ocpp@bench.kg', '[]'::jsonb, 10, 0)
     returning id`,
    [city.country_id, city.id],
  );
  await client.query(
    `insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, address_ru, address_en, address_ky,
                           latitude, longitude, schedule, manufacturer, execution_type, status, country_id, city_id)
     select $1, 'OCPPB-' || g, $2, 'Азамат Усенов', 'Станция ' || g, 'Station ' || g, 'Бекет ' || g,
            'ул. Киевская, ' || g, g || ' Kiev St', 'Киев көч., ' || g, 42.87, 74.59, '[]'::jsonb, 'ABB', 'wall', 0, $3, $4
     from generate_series(1, $5::int) g`,
    [merchant.rows[0]?.id, sealed, city.country_id, city.id, options.stations],
  );
  await client.query(
    `insert into evse_modules (station_id, evse_id) select id, 1 from stations where identity like 'OCPPB-%'`,
  );
  await client.query(
    `insert into station_connectors (station_id, evse_module_id, evse_id, connector_id, ocpp_16_id, typo, position, power_kwh, custom_fee)
     select m.station_id, m.id, 1, 1, 1, $1, 1, 22, 20.00 from evse_modules m
     join stations s on s.id = m.station_id where s.identity like 'OCPPB-%'`,
    [type.key],
  );
  await client.query(
    `insert into app_users (personal_account, name, phone, email, gender, birthday, registered_at, car_make, car_model,
                            car_year, car_color, driver_licence, status, referral_code)
     select 'OB' || g, 'Водитель ' || g, '99670' || lpad(g::text, 7, '0'), 'driver' || g || '@bench.kg', 'male', '1990-01-01',
            now(), 'BYD', 'Song', 2023, 'белый', 'AA' || lpad(g::text, 7, '0'), 0, 'OBR' || g
     from generate_series(1, $1::int) g`,
    [options.sessions],
  );
  await client.query(
    `insert into user_id_tags (user_id, id_tag, kind) select id, 'BTAG' || substr(personal_account, 3), 'rfid' from app_users
     where personal_account like 'OB%'`,
  );
  await client.query(
    `insert into balance_entries (user_id, basis, method, credit, debit)
     select id, 'top_up', 'cash', 1000000, 0 from app_users where personal_account like 'OB%' order by id`,
  );
  await client.query('COMMIT');
};

/** The generator's processes, each with a slice of the charge points; `ask` sends all of them one request. */
export const startWorkers = (workers: number) => {
  const script = fileURLToPath(new URL('./bench-ocpp.worker.ts', import.meta.url));
  const children: ChildProcess[] = [];
  for (let index = 0; index < workers; index += 1) {
    children.push(fork(script, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
  }
  const askOne = (child: ChildProcess, request: TWorkerRequest) =>
    new Promise<WorkerAnswer>((resolve, reject) => {
      const onExit = () => reject(new Error('a load generator process exited'));
      child.once('exit', onExit);
      child.once('message', (answer: WorkerAnswer & { error?: string }) => {
        child.off('exit', onExit);
        if (answer.kind === 'error') {
          reject(new Error(answer.error));
        } else {
          resolve(answer);
        }
      });
      child.send(request);
    });
  return {
    children,
    ask: (request: (index: number) => TWorkerRequest) =>
      Promise.all(children.map((child, index) => askOne(child, request(index)))),
  };
};
