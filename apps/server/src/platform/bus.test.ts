import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';
import { type Bus, createBus } from './bus';

// The bus on the test's database: LISTEN/NOTIFY on PostgreSQL, the in-process emitter on the embedded one.
let context: TestContext;
let bus: Bus;

beforeAll(async () => {
  context = await createTestContext();
  bus = await createBus(context.database);
  await bus.listen('bus_test');
});

afterAll(async () => {
  await bus.close();
  await context.close();
});

describe('messages sent with a statement (publishWith)', () => {
  it('are heard once the statement is written, as written, and not when it fails', async () => {
    const heard: unknown[] = [];
    bus.subscribe('bus_test', (message) => heard.push(message));
    const quoted = { n: 2, text: 'it\'s "quoted", {braced} and, комма' };

    const result = await bus.publishWith('bus_test', [{ n: 1 }, quoted], (notify) =>
      context.database.db.execute(sql`select 7 as seven, ${notify} as sent`),
    );
    expect((result as unknown as { rows: { seven: number }[] }).rows[0]?.seven).toBe(7);
    await expect.poll(() => heard).toEqual([{ n: 1 }, quoted]);

    // The division comes after the messages' expression has run: the statement fails and takes them with it.
    await expect(
      bus.publishWith('bus_test', [{ n: 3 }], (notify) =>
        context.database.db.execute(sql`with sent as (select ${notify} as n) select coalesce(n, 1) / 0 from sent`),
      ),
    ).rejects.toThrow();
    await bus.publish('bus_test', { n: 4 });
    await expect.poll(() => heard).toHaveLength(3);
    expect(heard[2]).toEqual({ n: 4 });
  });

  it('refuses a channel that is not an identifier before writing', async () => {
    let written = false;
    await expect(
      bus.publishWith('bus test; drop', [{ n: 1 }], async () => {
        written = true;
      }),
    ).rejects.toThrow(/identifier/);
    expect(written).toBe(false);
  });
});
