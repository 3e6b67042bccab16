/**
 * The balance statement against brute force over the raw ledger (issue 31): drivers topped up, random charges paid
 * from their balances through the engine (many to a transaction by bookCharges, and charges finished one by one afterwards at the earlier
 * instants their charge points report, as a StopTransaction sent late does), live top-ups; then
 * - GET /users/payments/totals/ (the /extract-balance totals line: count, debit, credit) and the statement's total and
 *   rows, for random filters, equal what is summed here from the raw entries (days are Bishkek's);
 * - every driver's statement chains: read oldest first, each entry's deposit is the one before plus its credit less
 *   its debit, from zero, and the last is the driver's balance.
 */
import type { TPaymentTotals } from '@zaryad/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import {
  bishkekDayOf,
  buildRandomCharges,
  buildRandomNetwork,
  dayAfter,
  type Random,
  type RandomNetwork,
  seededRandom,
  somText,
  sum,
  testSeed,
} from '../../test/random-charges';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildEntry } from '../../test/user-builders';
import { buildCharge } from '../../test/charge-builders';
import { finishCharge } from './charges.engine';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const seed = testSeed();

interface RawEntry {
  id: number;
  user_id: number;
  created_at: string;
  /** Microseconds since the epoch: the statement's order is the database's, finer than a JS date. */
  created_us: bigint;
  basis: string;
  method: string;
  debit: bigint;
  credit: bigint;
  deposit: bigint;
}

const readEntries = async (): Promise<RawEntry[]> =>
  (
    (await ctx.database.db.execute(sql`
      select id::int as id, user_id, to_json(created_at) #>> '{}' as created_at,
             (extract(epoch from created_at) * 1000000)::bigint::text as created_us, basis, method, debit::text as debit,
             credit::text as credit, deposit::text as deposit
      from balance_entries`)) as unknown as { rows: Record<string, unknown>[] }
  ).rows.map((row) => ({
    id: Number(row.id),
    user_id: Number(row.user_id),
    created_at: new Date(String(row.created_at)).toISOString(),
    created_us: BigInt(String(row.created_us)),
    basis: String(row.basis),
    method: String(row.method),
    debit: BigInt(String(row.debit)),
    credit: BigInt(String(row.credit)),
    deposit: BigInt(String(row.deposit)),
  }));

/** The network, charges and entries of this file, built once. */
const data = async () => {
  const random = seededRandom(seed);
  const db = ctx.database.db;
  const from = new Date(Date.parse('2026-05-01T00:00:00Z') + random.below(60) * 86_400_000);
  const network = await buildRandomNetwork(db, random, {
    users: 5,
    since: new Date(from.getTime() - 86_400_000),
  });
  await buildRandomCharges(db, random, network, { count: 120, from, days: 8 });
  // Live top-ups after it all, in cash or by card.
  for (const userId of network.userIds) {
    if (random.chance(0.6)) {
      await buildEntry(db, userId, { credit: `${1 + random.below(900)}.${random.below(100)}`, method: 'other_card' });
    }
  }
  return { random, network, from, entries: await readEntries() };
};
let built: Promise<{ random: Random; network: RandomNetwork; from: Date; entries: RawEntry[] }> | undefined;
const dataOnce = () => (built ??= data());

describe('the balance statement against the raw ledger', () => {
  it(`gives the totals line, the total and the rows of random filters as the raw entries do (seed ${seed})`, async () => {
    const { random, network, from, entries } = await dataOnce();
    const firstDay = bishkekDayOf(from.toISOString());
    for (let round = 0; round < 30; round += 1) {
      const filters: Record<string, string> = {};
      if (random.chance(0.3)) {
        filters.search_by_user_id = String(random.pick(network.userIds));
      }
      const start = dayAfter(firstDay, random.below(10) - 2);
      if (random.chance(0.4)) {
        filters.period__from = start;
      }
      if (random.chance(0.4)) {
        filters.period__to = dayAfter(start, random.below(4));
      }
      if (random.chance(0.3)) {
        filters.basis = random.pick(['top_up', 'charge_payment', 'refund']);
      }
      if (random.chance(0.3)) {
        filters.method = random.pick(['cash', 'other_card', 'personal_balance']);
      }
      const expected = entries.filter(
        (entry) =>
          (filters.search_by_user_id === undefined || entry.user_id === Number(filters.search_by_user_id)) &&
          (filters.period__from === undefined || bishkekDayOf(entry.created_at) >= filters.period__from) &&
          (filters.period__to === undefined || bishkekDayOf(entry.created_at) <= filters.period__to) &&
          (filters.basis === undefined || entry.basis === filters.basis) &&
          (filters.method === undefined || entry.method === filters.method),
      );
      const query = new URLSearchParams(filters).toString();
      const totals = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/payments/totals/?${query}`, headers });
      expect(totals.statusCode, query).toBe(200);
      expect({ query, totals: totals.json<TPaymentTotals>() }).toEqual({
        query,
        totals: {
          count: expected.length,
          debit: somText(sum(expected, (entry) => entry.debit)),
          credit: somText(sum(expected, (entry) => entry.credit)),
        },
      });
      const list = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/payments/?${query}${query ? '&' : ''}page=1&size=500`,
        headers,
      });
      expect(list.statusCode, query).toBe(200);
      const page = list.json<{ total: number; items: { id: number }[] }>();
      const order = [...expected].sort((a, b) =>
        a.created_us === b.created_us ? b.id - a.id : b.created_us > a.created_us ? 1 : -1,
      );
      expect({ query, total: page.total, ids: page.items.map((item) => item.id) }).toEqual({
        query,
        total: expected.length,
        ids: order.map((entry) => entry.id),
      });
    }
  });

  it(`chains every driver's deposits in the statement's order, to the balance (seed ${seed})`, async () => {
    const { network } = await dataOnce();
    for (const userId of network.userIds) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/users/payments/?search_by_user_id=${userId}&page=1&size=500`,
        headers,
      });
      const statement = response
        .json<{ items: { id: number; created_at: string; debit: string; credit: string; deposit: string }[] }>()
        .items.reverse();
      const tyiyn = (money: string) => BigInt(money.replace('.', ''));
      let balance = 0n;
      const chained = statement.map((entry) => {
        balance += tyiyn(entry.credit) - tyiyn(entry.debit);
        return { id: entry.id, created_at: entry.created_at, deposit: somText(balance) };
      });
      expect({
        userId,
        statement: statement.map(({ id, created_at, deposit }) => ({ id, created_at, deposit })),
      }).toEqual({ userId, statement: chained });
      const user = await ctx.app.inject({ method: 'GET', url: `/api/v1/users/${userId}/`, headers });
      expect(user.json<{ balance: string }>().balance).toBe(somText(balance));
    }
  });

  it("chains a charge whose StopTransaction arrives after a later top-up, with the charge point's earlier time", async () => {
    const db = ctx.database.db;
    const network = await buildRandomNetwork(db, seededRandom(seed), {
      merchants: 1,
      stationsPerMerchant: 1,
      users: 1,
      since: new Date(Date.now() - 7_200_000),
    });
    const userId = network.userIds[0] ?? 0;
    const station = network.stations[0];
    const finishedAt = new Date(Date.now() - 3_600_000);
    const charge = await buildCharge(db, {
      userId,
      stationId: station?.id ?? 0,
      startedAt: new Date(finishedAt.getTime() - 1_800_000),
      meterStartWh: 0,
    });
    // The driver tops up while the charge point is offline; its StopTransaction, stamped an hour ago, comes after.
    await buildEntry(db, userId, { credit: '50.00', createdAt: new Date(Date.now() - 60_000) });
    await finishCharge(db, { chargeId: charge.id, status: 'finished', meterStopWh: 10_000, finishedAt });
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/users/payments/?search_by_user_id=${userId}&page=1&size=10`,
      headers,
    });
    const statement = response.json<{ items: { credit: string; debit: string; deposit: string }[] }>().items.reverse();
    expect(statement.map((entry) => entry.debit === '0.00')).toEqual([true, true, false]);
    let balance = 0n;
    for (const entry of statement) {
      balance += BigInt(entry.credit.replace('.', '')) - BigInt(entry.debit.replace('.', ''));
      expect(entry.deposit).toBe(somText(balance));
    }
  });
});
