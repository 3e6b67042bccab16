/**
 * Parallel top-ups with retries fired beside their originals, and the checks that no money was lost or doubled:
 * shared by the concurrency test on the embedded database (which serialises everything) and the one on PostgreSQL
 * (which really races).
 */
import { formatSom, type TTopUpResult } from '@zaryad/contracts';
import { and, asc, count, eq, inArray, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/client';
import { auditLog } from '../modules/audit';
import { balanceEntries, topUpRequests } from '../modules/users';
import { balanceOf, type BuiltUser, buildUser } from './user-builders';

export interface TopUpRaceOptions {
  users: number;
  topUps: number;
  /** One top-up in this many is sent twice at once with the same key (10: 10%). */
  retryEvery: number;
  /** One top-up in this many carries no key at all (it cannot be retried safely, but must not be lost either). */
  keylessEvery: number;
  /** Identical requests with one key, all at once: exactly one may add. */
  burst: number;
  /**
   * Requests in flight together; the next wave starts when one ends. A pool of a few connections serves a wave of
   * a hundred well within its wait limit, where hundreds at once would time out waiting for a connection.
   */
  wave: number;
}

interface RaceRequest {
  userId: number;
  tyiyn: bigint;
  key: string | undefined;
  comment: string;
}

export interface TopUpRaceReport {
  requests: number;
  /** Entries that were written and rolled back because a concurrent request with the same key committed first. */
  rolledBack: number;
}

/** Fires the top-ups, then checks every balance against its expected sum, its ledger and its chain of deposits. */
export const raceTopUps = async (
  app: FastifyInstance,
  db: Database,
  headers: Record<string, string>,
  options: TopUpRaceOptions,
): Promise<TopUpRaceReport> => {
  const users: BuiltUser[] = [];
  for (let index = 0; index < options.users; index += 1) {
    users.push(await buildUser(db));
  }
  const run = `race-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const requests: RaceRequest[] = Array.from({ length: options.topUps }, (_, index) => ({
    userId: users[index % users.length]?.id ?? 0,
    // 1.00 to 500.99 som with every tyiyn digit in use: a lost or doubled top-up always shows in the sum.
    tyiyn: 100n + BigInt((index * 7919) % 50_000),
    key: index % options.keylessEvery === options.keylessEvery - 1 ? undefined : `${run}-${index}`,
    comment: `race ${index}`,
  }));
  const burstUser = users[0]?.id ?? 0;
  const burst: RaceRequest = { userId: burstUser, tyiyn: 12_345n, key: `${run}-burst`, comment: 'burst' };

  // A retry goes right beside its original, so that both are in flight together.
  const calls = [
    ...requests.flatMap((request, index) =>
      request.key !== undefined && index % options.retryEvery === 0 ? [request, request] : [request],
    ),
    ...Array.from({ length: options.burst }, () => burst),
  ];
  const send = (request: RaceRequest) =>
    app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${request.userId}/balance/`,
      headers: { ...headers, ...(request.key !== undefined && { 'idempotency-key': request.key }) },
      payload: { amount: formatSom(request.tyiyn), comment: request.comment },
    });
  const responses = [];
  for (let start = 0; start < calls.length; start += options.wave) {
    responses.push(...(await Promise.all(calls.slice(start, start + options.wave).map(send))));
  }
  for (const response of responses) {
    expect(response.statusCode, response.body).toBe(200);
  }
  const results = responses.map((response) => response.json<TTopUpResult>());

  // A key answers one entry, whichever of its requests came first.
  const entryOfKey = new Map<string, number>();
  calls.forEach((request, index) => {
    const entry = results[index]?.entry;
    expect(entry?.user.id).toBe(request.userId);
    expect(entry?.credit).toBe(formatSom(request.tyiyn));
    expect(results[index]?.balance).toBe(entry?.deposit);
    if (request.key !== undefined && entry) {
      const known = entryOfKey.get(request.key);
      expect(known === undefined || known === entry.id, request.key).toBe(true);
      entryOfKey.set(request.key, entry.id);
    }
  });
  const answeredEntries = new Set(results.map((result) => result.entry.id));
  expect(answeredEntries.size).toBe(requests.length + 1);

  const userIds = users.map((user) => user.id);
  for (const userId of userIds) {
    const own = requests.filter((request) => request.userId === userId);
    const expected = own.reduce((sum, request) => sum + request.tyiyn, userId === burstUser ? burst.tyiyn : 0n);
    const entries = await db
      .select({ id: balanceEntries.id, credit: balanceEntries.credit, deposit: balanceEntries.deposit })
      .from(balanceEntries)
      .where(eq(balanceEntries.userId, userId))
      // The statement's order: each deposit is the last one plus this credit, as a reader of the statement checks it.
      .orderBy(asc(balanceEntries.createdAt), asc(balanceEntries.id));
    expect(entries).toHaveLength(own.length + (userId === burstUser ? 1 : 0));
    const balance = await balanceOf(db, userId);
    expect(balance).toBe(expected);
    expect(entries.reduce((sum, entry) => sum + entry.credit, 0n)).toBe(expected);
    let previous = 0n;
    for (const entry of entries) {
      expect(entry.deposit - entry.credit, `entry ${entry.id}`).toBe(previous);
      previous = entry.deposit;
    }
    expect(previous).toBe(expected);
  }

  const keys = [...entryOfKey.keys()];
  const [stored] = await db
    .select({ total: count() })
    .from(topUpRequests)
    .where(like(topUpRequests.key, `${run}-%`));
  expect(stored?.total).toBe(keys.length);
  const [audits] = await db
    .select({ total: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.entity, 'app_user'),
        inArray(
          auditLog.entityId,
          userIds.map((id) => String(id)),
        ),
        eq(auditLog.action, 'update'),
      ),
    );
  expect(audits?.total).toBe(requests.length + 1);

  // Ids are drawn before the row lock is taken, so an entry rolled back by a key's loser leaves a gap in them (the
  // users' ids are the race's own: nothing else writes entries for them).
  const written = await db
    .select({ id: balanceEntries.id })
    .from(balanceEntries)
    .where(inArray(balanceEntries.userId, userIds));
  const ids = written.map((row) => row.id);
  const span = ids.length > 0 ? Math.max(...ids) - Math.min(...ids) + 1 : 0;
  return { requests: calls.length, rolledBack: span - ids.length };
};
