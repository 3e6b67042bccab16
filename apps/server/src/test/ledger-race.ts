/**
 * Live top-ups (the API) and charge payments (the charges engine's finish) of the same users at once, some finishes
 * dated by a charge point whose clock is behind; then each user's statement, as GET /users/payments/ answers it, must
 * read as a chain: ordered by date (ties by id), each deposit the previous one plus its credit minus its debit, the
 * newest deposit the balance. Shared by the test on the embedded database and the one on PostgreSQL (which races).
 */
import { formatSom, parseTyiyn as parseOrNull, type TBalanceEntry, type TPaged, type TUser } from '@zaryad/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { finishCharge } from '../modules/charges';
import { buildCharge } from './charge-builders';
import { buildMerchant } from './network-builders';
import { buildStation } from './station-builders';
import { buildEntry, buildUser } from './user-builders';

const parseTyiyn = (som: string) => parseOrNull(som) ?? 0n;

export interface LedgerRaceOptions {
  users: number;
  /** Top-ups and finished charges per user. */
  topUps: number;
  charges: number;
  /** One finish in this many is dated by a charge point's clock this many minutes behind. */
  lagEvery: number;
  lagMinutes: number;
  /** Calls in flight together. */
  wave: number;
}

/** Checks that the statement of `userId`, as the API lists it, chains by date to the user's balance. */
export const expectStatementChains = async (app: FastifyInstance, headers: Record<string, string>, userId: number) => {
  const page = await app.inject({ url: `/api/v1/users/payments/?search_by_user_id=${userId}&size=1000`, headers });
  expect(page.statusCode, page.body).toBe(200);
  const newestFirst = page.json<TPaged<TBalanceEntry>>().items;
  const user = await app.inject({ url: `/api/v1/users/${userId}/`, headers });
  expect(user.statusCode, user.body).toBe(200);
  let deposit = 0n;
  const links = [...newestFirst].reverse().map((entry) => {
    deposit = deposit + parseTyiyn(entry.credit) - parseTyiyn(entry.debit);
    return { entry: entry.id, at: entry.created_at, deposit: entry.deposit, chained: formatSom(deposit) };
  });
  expect(links.filter((link) => link.deposit !== link.chained)).toEqual([]);
  expect(newestFirst[0]?.deposit ?? '0.00').toBe(user.json<TUser>().balance);
  return { entries: newestFirst.length, balance: user.json<TUser>().balance };
};

/** Fires the top-ups and finishes (see the file's comment) and checks every user's statement and exact balance. */
export const raceLedger = async (
  app: FastifyInstance,
  db: Database,
  headers: Record<string, string>,
  options: LedgerRaceOptions,
) => {
  const station = await buildStation(db, {
    merchantId: (await buildMerchant(db)).id,
    connectors: [{ evse_id: 1, custom_fee: '13.37' }],
  });
  const users = [];
  for (let index = 0; index < options.users; index += 1) {
    const user = await buildUser(db, { registeredAt: new Date(Date.now() - 3 * 24 * 3600 * 1000) });
    await buildEntry(db, user.id, { credit: '1000.00' });
    users.push(user);
  }
  const running = [];
  for (const [index, user] of users.entries()) {
    for (let charge = 0; charge < options.charges; charge += 1) {
      const meterStartWh = 1_000 * (index * options.charges + charge);
      running.push({
        userId: user.id,
        lagging: running.length % options.lagEvery === options.lagEvery - 1,
        meterStopWh: meterStartWh + 1_000 + ((index * 7 + charge * 13) % 20) * 250,
        charge: await buildCharge(db, {
          userId: user.id,
          stationId: station.id,
          startedAt: new Date(Date.now() - 3 * 3600 * 1000),
          meterStartWh,
        }),
      });
    }
  }
  const calls: { userId: number; run: () => Promise<bigint> }[] = [];
  for (let round = 0; round < Math.max(options.topUps, options.charges); round += 1) {
    for (const [index, user] of users.entries()) {
      if (round < options.topUps) {
        // 1.00 to 300.99 som, every tyiyn digit in use: a lost or doubled top-up shows in the sum.
        const amount = formatSom(100n + BigInt(((round * 31 + index * 17) * 7919) % 30_000));
        calls.push({
          userId: user.id,
          run: async () => {
            const response = await app.inject({
              method: 'PATCH',
              url: `/api/v1/users/${user.id}/balance/`,
              headers,
              payload: { amount, comment: `race ${round}` },
            });
            expect(response.statusCode, response.body).toBe(200);
            return parseTyiyn(amount);
          },
        });
      }
      const charge = running[index * options.charges + round];
      if (round < options.charges && charge) {
        calls.push({
          userId: user.id,
          run: async () => {
            const finished = await finishCharge(db, {
              chargeId: charge.charge.id,
              status: 'finished',
              meterStopWh: charge.meterStopWh,
              // The charge point's clock is behind: the stop says it ended before entries booked since.
              ...(charge.lagging && { finishedAt: new Date(Date.now() - options.lagMinutes * 60_000) }),
            });
            return -(finished?.charge.totalCost ?? 0n);
          },
        });
      }
    }
  }
  // Each user's 1,000.00 som, plus its top-ups, less its payments.
  const moved = new Map<number, bigint>(users.map((user) => [user.id, 100_000n]));
  for (let start = 0; start < calls.length; start += options.wave) {
    const wave = calls.slice(start, start + options.wave);
    const results = await Promise.all(wave.map((call) => call.run()));
    wave.forEach((call, index) => moved.set(call.userId, (moved.get(call.userId) ?? 0n) + (results[index] ?? 0n)));
  }
  for (const user of users) {
    const { entries, balance } = await expectStatementChains(app, headers, user.id);
    expect(entries).toBe(1 + options.topUps + options.charges);
    expect(balance).toBe(formatSom(moved.get(user.id) ?? 0n));
  }
  return { calls: calls.length };
};
