import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';
import { createSmartCharging } from './ocpp.smart-charging';

// PostgreSQL only (vitest.pg.config.ts): a site is rebalanced by one caller at a time across processes. Two
// instances of the service stand for two server processes (each its own in-process queue): their work on one site
// never overlaps, held apart by the advisory lock on a connection of its own; other sites go on meanwhile.
let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the site lock across processes, on PostgreSQL', () => {
  it('two processes never work on one site at once; another site is not held up', async () => {
    expect(context.database.kind).toBe('postgres');
    const first = createSmartCharging(context.database.db);
    const second = createSmartCharging(context.database.db);
    const spans: { site: number; from: number; to: number }[] = [];
    const work = (site: number) => async () => {
      const from = performance.now();
      await pause(40);
      spans.push({ site, from, to: performance.now() });
    };
    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: 4 }, () => first.withSiteLock(77_001, work(1))),
      ...Array.from({ length: 4 }, () => second.withSiteLock(77_001, work(1))),
      second.withSiteLock(77_002, work(2)),
    ]);
    const site = spans.filter((span) => span.site === 1).sort((a, b) => a.from - b.from);
    expect(site).toHaveLength(8);
    for (let index = 1; index < site.length; index += 1) {
      expect(site[index]!.from).toBeGreaterThanOrEqual(site[index - 1]!.to);
    }
    // The other site's work ran beside the first site's, not after all of it.
    const other = spans.find((span) => span.site === 2)!;
    expect(other.to - started).toBeLessThan(site.at(-1)!.to - started);
  });

  it('a failing piece of work frees the lock', async () => {
    const first = createSmartCharging(context.database.db);
    const second = createSmartCharging(context.database.db);
    await expect(first.withSiteLock(77_003, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(second.withSiteLock(77_003, async () => 'after')).resolves.toBe('after');
  });
});
