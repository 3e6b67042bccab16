import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { systemClock } from '../../platform/clock';
import type { OcppBus } from '../ocpp';
import { listenForStationEvents, STATION_EVALUATION_CONCURRENCY } from './alerts.listener';

// The listener's scheduling alone: a database whose transactions wait until the test ends them (each fails then, and
// the listener's warning names the stations it covered), so the test sees how many evaluations hold a connection at
// once and which stations each took. The rules themselves are tested in alerts.test.ts.
it('evaluates the stations due together, at most STATION_EVALUATION_CONCURRENCY transactions at once, each station once', async () => {
  let publish: (payload: unknown) => void = () => undefined;
  const bus = {
    subscribe: (_channel: string, listener: (payload: unknown) => void) => {
      publish = listener;
      return () => undefined;
    },
  } as unknown as OcppBus;
  const open: Array<() => void> = [];
  let started = 0;
  const db = {
    transaction: () =>
      new Promise<void>((_resolve, reject) => {
        started += 1;
        open.push(() => reject(new Error('ended by the test')));
      }),
  } as unknown as Database;
  const evaluated: number[][] = [];
  const listener = listenForStationEvents({
    db,
    bus,
    notify: async () => undefined,
    log: {
      warn: ({ stationIds }: { stationIds: number[] }) => evaluated.push(stationIds),
    } as unknown as FastifyBaseLogger,
    clock: systemClock,
  });

  // A reconnecting network: 20 stations connect, and each of them reports its status twice meanwhile.
  for (let stationId = 1; stationId <= 20; stationId += 1) {
    publish({ type: 'connected', stationId });
    publish({ type: 'status', stationId });
  }
  await expect.poll(() => started).toBe(STATION_EVALUATION_CONCURRENCY);
  // The stations that came due meanwhile wait, and the first evaluation to end starts one for all of them.
  while (open.length > 0) {
    expect(open.length).toBeLessThanOrEqual(STATION_EVALUATION_CONCURRENCY);
    open.shift()?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(started).toBe(STATION_EVALUATION_CONCURRENCY + 1);
  expect(evaluated.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, index) => index + 1));
  expect(evaluated.at(-1)).toHaveLength(20 - STATION_EVALUATION_CONCURRENCY);
  await listener.close();
});
