import type { FastifyBaseLogger } from 'fastify';
import { expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { systemClock } from '../../platform/clock';
import type { OcppBus } from '../ocpp';
import { listenForStationEvents, STATION_EVALUATION_CONCURRENCY } from './alerts.listener';

// The listener's scheduling alone: a database whose transactions wait until the test lets them end, so the test sees
// how many evaluations hold a connection at once. The rules themselves are tested in alerts.test.ts.
it('evaluates at most STATION_EVALUATION_CONCURRENCY stations at once, each waiting one once, in arrival order', async () => {
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
      new Promise<void>((resolve) => {
        started += 1;
        open.push(resolve);
      }),
  } as unknown as Database;
  const listener = listenForStationEvents({
    db,
    bus,
    notify: async () => undefined,
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
    clock: systemClock,
  });

  // A reconnecting network: 20 stations connect, and each of them reports its status twice meanwhile.
  for (let stationId = 1; stationId <= 20; stationId += 1) {
    publish({ type: 'connected', stationId });
    publish({ type: 'status', stationId });
  }
  await expect.poll(() => started).toBe(STATION_EVALUATION_CONCURRENCY);
  // Ending one evaluation starts the next due station's, never more than the cap.
  let ended = 0;
  while (open.length > 0) {
    expect(open.length).toBeLessThanOrEqual(STATION_EVALUATION_CONCURRENCY);
    open.shift()?.();
    ended += 1;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  expect(ended).toBe(20);
  expect(started).toBe(20);
  await listener.close();
});
