import type { TChargePointState } from '@zaryad/contracts/ocpp';
import { expect, test, vi } from 'vitest';
import { createStateBatch } from '@/features/ocpp/stateBatch';
import type { TApiClient } from '@/lib/api';
import { ApiError } from '@/lib/apiError';

type TGet = TApiClient['get'];

const stateOf = (id: number): TChargePointState => ({
  station_id: id,
  online: id % 2 === 0,
  connected: true,
  last_heartbeat: null,
  heartbeat_interval: 300,
  vendor: null,
  model: null,
  serial_number: null,
  firmware_version: null,
  connectors: [],
});

/** A fake server: the list call answers the known ids it is asked for; a single station's call 404s when unknown. */
const serverKnowing = (known: Set<number>) => {
  const paths: string[] = [];
  const get = vi.fn(async (path: string, options?: { query?: Record<string, unknown> }): Promise<unknown> => {
    paths.push(options?.query ? `${path}?ids=${String(options.query.ids)}` : path);
    if (path === '/ocpp/stations/') {
      const ids = String(options?.query?.ids).split(',').map(Number);
      return { items: ids.filter((id) => known.has(id)).map(stateOf) };
    }
    const id = Number(/\/(\d+)\/$/.exec(path)?.[1]);
    if (!known.has(id)) {
      throw new ApiError(404, { detail: 'Станция не найдена' });
    }
    return stateOf(id);
  });
  return { get: get as TGet, paths };
};

test('the states asked in one tick are one request, each caller getting its own station', async () => {
  const server = serverKnowing(new Set([1, 2, 3]));
  const batch = createStateBatch(server);
  const [one, two, again] = await Promise.all([batch.load(1), batch.load(2), batch.load(1)]);
  expect(server.paths).toEqual(['/ocpp/stations/?ids=1,2']);
  expect([one.station_id, two.station_id, again.station_id]).toEqual([1, 2, 1]);
  expect(two.online).toBe(true);
  await batch.load(3);
  expect(server.paths).toEqual(['/ocpp/stations/?ids=1,2', '/ocpp/stations/?ids=3']);
});

test('more than 100 stations go in requests of 100', async () => {
  const ids = Array.from({ length: 230 }, (_, index) => index + 1);
  const server = serverKnowing(new Set(ids));
  const batch = createStateBatch(server);
  const answers = await Promise.all(ids.map((id) => batch.load(id)));
  expect(answers.map((state) => state.station_id)).toEqual(ids);
  expect(server.paths.map((path) => path.split(',').length)).toEqual([100, 100, 30]);
});

test("a station the list leaves out gets the server's own error; the others are unhurt", async () => {
  const server = serverKnowing(new Set([1]));
  const batch = createStateBatch(server);
  const [found, missing] = await Promise.allSettled([batch.load(1), batch.load(9)]);
  expect(found.status === 'fulfilled' && found.value.station_id).toBe(1);
  expect(missing.status === 'rejected' && (missing.reason as ApiError).status).toBe(404);
  expect(server.paths).toEqual(['/ocpp/stations/?ids=1,9', '/ocpp/stations/9/']);
});

test('a failed list call fails every station it asked for', async () => {
  const get = vi.fn(async () => {
    throw new ApiError(503, { detail: 'Сервер недоступен' });
  });
  const batch = createStateBatch({ get: get as TGet });
  const results = await Promise.allSettled([batch.load(1), batch.load(2)]);
  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  expect(get).toHaveBeenCalledTimes(1);
});
