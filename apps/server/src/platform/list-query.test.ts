import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { buildStation } from '../test/station-builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { rentalPartners } from '../modules/partners/partners.tables';
import { stations } from '../modules/stations/stations.tables';
import {
  descending,
  isPhoneLike,
  LIST_SHAPE_TUNING,
  listShape,
  type ListSource,
  queryList,
  searchAny,
} from './list-query';
import { compactListChanges } from './list-versions';
import { runJobOnce } from './scheduler';

let ctx: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
  headers = { ...(await signIn(ctx.app, admin)).headers, 'accept-language': 'en' };
});
afterAll(async () => {
  await ctx.close();
});

const get = async <T>(url: string) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers });
  expect(response.statusCode, url).toBe(200);
  return response.json<T>();
};

type TPage = { items: { id: number; status?: number }[]; page: number; pages: number; size: number; total: number };
const ids = (page: TPage) => page.items.map((item) => item.id);

/**
 * A marker of letters only: the searches below for one or two digits ('47', '48') must not find the records by a digit
 * that a random marker or a builder's numbered email happened to hold.
 */
const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

describe('the phone-like rule', () => {
  it('takes digits, spaces and + ( ) - with at least 3 digits', () => {
    for (const search of ['555', '+996', '+996 (555) 12-34-56', '0 5 5', '(312)']) {
      expect(isPhoneLike(search), search).toBe(true);
    }
    for (const search of ['Shoro 4', '4', '55', '+9', 'ул. 555', '555a', '55 5x', '']) {
      expect(isPhoneLike(search), search).toBe(false);
    }
  });

  // Merchants and accounts: `Shoro 4` finds Shoro only; a phone-like search finds phones by their digits, and one or
  // two digits are no phone (they match names, never phones).
  const lists = [
    {
      path: 'merchants',
      build: (name: string, phone: string, email: string) => buildMerchant(ctx.database.db, { name, phone, email }),
    },
    {
      path: 'accounts',
      build: (firstName: string, phone: string, email: string) =>
        buildAccount(ctx.database.db, { firstName, phone, email }),
    },
  ];
  for (const [index, list] of lists.entries()) {
    it(`${list.path}: \`Shoro 4\` finds Shoro only; a phone-like search finds phones by their digits`, async () => {
      const marker = letters();
      const tail = String(7 + index);
      const shoro = await list.build(`Shoro 4 ${marker}`, `99655500011${index}`, `shoro-${marker}@zaryad.test`);
      const other = await list.build(`Other ${marker}`, `99644444444${tail}`, `other-${marker}@zaryad.test`);
      const search = async (text: string) =>
        ids(await get<TPage>(`/${list.path}/?search=${encodeURIComponent(text)}&size=100`));
      expect(await search('Shoro 4')).toEqual([shoro.id]);
      expect(await search(`4${tail}`)).not.toContain(other.id);
      expect(await search('+996 (444) 44')).toEqual([other.id]);
      expect(await search(`44444${tail}`)).toEqual([other.id]);
    });
  }
});

describe('deep pages', () => {
  let merchantId: number;
  /** Every station of the merchant, newest first, as the list orders them. */
  let expected: { id: number; status: number }[];

  const readExpected = async () =>
    ctx.database.db
      .select({ id: stations.id, status: stations.status })
      .from(stations)
      .where(eq(stations.merchantId, merchantId))
      .orderBy(sql`${stations.id} desc`);

  beforeAll(async () => {
    const merchant = await buildMerchant(ctx.database.db);
    merchantId = merchant.id;
    const template = await buildStation(ctx.database.db, { merchantId, nameEn: 'Template' });
    // Set-based copies of one built station: 2,600 more in one statement (past two bookmarks); every 7th inactive.
    await ctx.database.db.execute(sql`
      insert into stations (merchant_id, identity, password_sealed, pic, name_ru, name_en, name_ky, latitude, longitude,
                            schedule, execution_type, status, country_id, city_id)
      select merchant_id, 'DEEP-' || ${merchantId} || '-' || g, password_sealed, pic, 'Глубокая ' || g, 'Deep ' || g, 'Терең ' || g,
             latitude, longitude, schedule, execution_type, case when g % 7 = 0 then 1 else 0 end, country_id, city_id
      from stations, generate_series(1, 2600) g
      where id = ${template.id}`);
    expected = await readExpected();
  });

  it('answers any page with the right rows, total and pages', async () => {
    expect(expected).toHaveLength(2601);
    // Pages before, on and after the bookmarks at rows 1,000 and 2,000, the last (partial) page and one past the end.
    for (const [page, size] of [
      [1, 10],
      [2, 10],
      [100, 10],
      [101, 10],
      [150, 10],
      [201, 10],
      [261, 10],
      [7, 150],
      [18, 150],
      [263, 10],
    ] as const) {
      const body = await get<TPage>(`/stations/?merchant=${merchantId}&page=${page}&size=${size}`);
      expect(body, `page ${page} of ${size}`).toMatchObject({ page, size, total: 2601, pages: Math.ceil(2601 / size) });
      expect(ids(body), `page ${page} of ${size}`).toEqual(
        expected.slice((page - 1) * size, page * size).map((row) => row.id),
      );
    }
  });

  it('pages a filtered and a searched list the same way', async () => {
    const inactive = expected.filter((row) => row.status === 1);
    const deep = await get<TPage>(`/stations/?merchant=${merchantId}&active=false&page=18&size=20`);
    expect(deep).toMatchObject({ total: inactive.length, pages: Math.ceil(inactive.length / 20) });
    expect(ids(deep)).toEqual(inactive.slice(340, 360).map((row) => row.id));
    const active = expected.filter((row) => row.status === 0);
    expect(ids(await get<TPage>(`/stations/?merchant=${merchantId}&active=true&page=112&size=10`))).toEqual(
      active.slice(1110, 1120).map((row) => row.id),
    );
    // 'Deep 1' matches Deep 1, 10-19, 100-199, 1000-1999: 1,111 stations.
    const searched = await get<TPage>(
      `/stations/?merchant=${merchantId}&search=${encodeURIComponent('deep 1')}&page=23&size=50`,
    );
    expect(searched).toMatchObject({ total: 1111, pages: 23 });
    expect(searched.items).toHaveLength(11);
  });

  it('keeps totals exact after writes: a remembered count is dropped when the table changes', async () => {
    const before = await get<TPage>(`/stations/?merchant=${merchantId}&page=150&size=10`);
    expect(before.total).toBe(2601);
    const added = await buildStation(ctx.database.db, { merchantId, nameEn: 'Newest' });
    const after = await get<TPage>(`/stations/?merchant=${merchantId}&page=1&size=10`);
    expect(after.total).toBe(2602);
    expect(ids(after)[0]).toBe(added.id);
    // The bookmarks moved by one row as well: page 150 now starts one station earlier.
    expect(ids(await get<TPage>(`/stations/?merchant=${merchantId}&page=150&size=10`))).toEqual(
      expected.slice(1489, 1499).map((row) => row.id),
    );
    await ctx.database.db.update(stations).set({ status: 1 }).where(eq(stations.id, added.id));
    expect((await get<TPage>(`/stations/?merchant=${merchantId}&active=true&size=10`)).total).toBe(
      2602 - expected.filter((row) => row.status === 1).length - 1,
    );
    await ctx.database.db.delete(stations).where(and(eq(stations.merchantId, merchantId), eq(stations.id, added.id)));
    expect((await get<TPage>(`/stations/?merchant=${merchantId}&page=261&size=10`)).total).toBe(2601);
  });

  const source = (): ListSource => ({
    table: stations,
    id: stations.id,
    // A condition of its own (ids are positive): a shape the station routes have remembered is not reused.
    where: and(eq(stations.merchantId, merchantId), sql`${stations.id} > 0`),
    order: descending(stations.id),
  });
  const loadIds = async (found: number[]) => found.map((id) => ({ id }));

  it('counts only for pages within the first 1,000 rows and notes bookmarks once a deep page is asked for', async () => {
    // These 2,601 rows count in a few milliseconds: remembered here as a count of millions would be.
    LIST_SHAPE_TUNING.cheapCountMs = -1;
    const shallow = await listShape(ctx.database.db, source(), { page: 100, size: 10 });
    expect(shallow).toMatchObject({ total: 2601 });
    expect(shallow.bookmarks).toBeUndefined();
    // Remembered: the next shallow page reuses the count.
    expect(await listShape(ctx.database.db, source(), { page: 1, size: 10 })).toBe(shallow);
    const deep = await listShape(ctx.database.db, source(), { page: 101, size: 10 });
    expect(deep.total).toBe(2601);
    expect(deep.bookmarks?.map(([id]) => id)).toEqual([0, 1000, 2000].map((position) => expected[position]?.id));
    // Remembered with the bookmarks now: shallow and deep pages reuse them.
    expect(await listShape(ctx.database.db, source(), { page: 1, size: 10 })).toBe(deep);
    expect(await listShape(ctx.database.db, source(), { page: 250, size: 10 })).toBe(deep);
    LIST_SHAPE_TUNING.cheapCountMs = 5;
  });

  it('counts a cheap list each time instead of letting it push an expensive one out', async () => {
    LIST_SHAPE_TUNING.cheapCountMs = 60_000;
    const where = sql`${sql.raw('true')}`;
    const first = await listShape(ctx.database.db, { ...source(), where }, { page: 1, size: 10 });
    const second = await listShape(ctx.database.db, { ...source(), where }, { page: 1, size: 10 });
    expect(second).toEqual(first);
    expect(second).not.toBe(first);
    LIST_SHAPE_TUNING.cheapCountMs = 5;
  });

  it('takes a total the list supplies, and pages deep at the plain offset without bookmarks', async () => {
    let asked = 0;
    const supplied = { ...source(), total: async () => ((asked += 1), 2601) };
    expect(await listShape(ctx.database.db, supplied, { page: 200, size: 10 })).toEqual({ total: 2601 });
    for (const [page, size] of [
      [1, 10],
      [101, 10],
      [261, 10],
      [18, 150],
    ] as const) {
      const body = await queryList(ctx.database.db, supplied, { page, size }, loadIds);
      expect(body, `page ${page} of ${size}`).toMatchObject({ page, size, total: 2601, pages: Math.ceil(2601 / size) });
      expect(ids(body), `page ${page} of ${size}`).toEqual(
        expected.slice((page - 1) * size, page * size).map((row) => row.id),
      );
    }
    // Asked on every page: nothing of it is remembered.
    expect(asked).toBe(5);
  });

  it('remembers a supplied total per table version when asked to, and asks again once the table changes', async () => {
    LIST_SHAPE_TUNING.cheapCountMs = -1;
    let asked = 0;
    // A condition no other test uses, so that nothing remembered before answers for it.
    const supplied: ListSource = {
      ...source(),
      where: and(eq(stations.merchantId, merchantId), sql`${stations.id} > 1`),
      total: async () => ((asked += 1), 2600 + asked),
      rememberTotal: true,
    };
    expect((await listShape(ctx.database.db, supplied, { page: 1, size: 10 })).total).toBe(2601);
    expect((await listShape(ctx.database.db, supplied, { page: 100, size: 10 })).total).toBe(2601);
    expect(asked).toBe(1);
    // A write to the table moves its version: the total is asked for again.
    await ctx.database.db.update(stations).set({ status: 0 }).where(eq(stations.id, -1));
    expect((await listShape(ctx.database.db, supplied, { page: 1, size: 10 })).total).toBe(2602);
    expect(asked).toBe(2);
    // A deep page still takes the supplied total as it comes, without bookmarks.
    expect(await listShape(ctx.database.db, supplied, { page: 200, size: 10 })).toEqual({ total: 2603 });
    LIST_SHAPE_TUNING.cheapCountMs = 5;
  });

  it('keeps a remembered count across the folding of change rows, and drops it at the next write', async () => {
    LIST_SHAPE_TUNING.cheapCountMs = -1;
    const where = and(eq(stations.merchantId, merchantId), sql`${stations.id} > 2`);
    const versionOf = async () => {
      const result = (await ctx.database.db.execute(sql`
        select ((select version from list_versions where name = 'stations')
                + (select count(*) from list_changes where name = 'stations'))::text as version,
               (select count(*) from list_changes where name = 'stations')::int as pending`)) as unknown as {
        rows: { version: string; pending: number }[];
      };
      return result.rows[0];
    };
    await ctx.database.db.update(stations).set({ status: 0 }).where(eq(stations.id, -1));
    const first = await listShape(ctx.database.db, { ...source(), where }, { page: 1, size: 10 });
    const before = await versionOf();
    // The app's own tick may hold the job's lock for a moment (then it folds them): one of ours runs after it.
    while (!(await runJobOnce(ctx.database.db, compactListChanges))) {
      await Promise.resolve();
    }
    const after = await versionOf();
    // The change rows went into the version row: the sum, the version a count is remembered at, is the same.
    expect(after).toEqual({ version: before?.version, pending: 0 });
    expect(await listShape(ctx.database.db, { ...source(), where }, { page: 1, size: 10 })).toBe(first);
    // A write after the folding moves the version again: the list is counted afresh, and exactly.
    const added = await buildStation(ctx.database.db, { merchantId, nameEn: 'Folded' });
    const recounted = await listShape(ctx.database.db, { ...source(), where }, { page: 1, size: 10 });
    expect(recounted).not.toBe(first);
    expect(recounted.total).toBe(first.total + 1);
    await ctx.database.db.delete(stations).where(eq(stations.id, added.id));
    LIST_SHAPE_TUNING.cheapCountMs = 5;
  });
});

describe('deep pages of a list sorted by two keys', () => {
  it('pages partners newest first, equal times by id, across bookmarks', async () => {
    // Three creation times a minute apart, some a microsecond apart: bookmarks must keep both keys exactly.
    await ctx.database.db.execute(sql`
      insert into rental_partners (name, legal_entity, phone, email, agreement_number, percentage, start_date, created_at)
      select 'Partner ' || g, 'LLC ' || g, '996555000000', 'p' || g || '@x.kg', 'RP-' || g, 10, '2026-01-01',
             timestamptz '2026-01-01 00:00:00+00' + (g % 3) * interval '1 minute' + (g % 2) * interval '1 microsecond'
      from generate_series(1, 2300) g`);
    const expected = (
      await ctx.database.db
        .select({ id: rentalPartners.id })
        .from(rentalPartners)
        .orderBy(desc(rentalPartners.createdAt), desc(rentalPartners.id))
    ).map((row) => row.id);
    for (const [page, size] of [
      [1, 10],
      [100, 10],
      [101, 10],
      [150, 10],
      [201, 10],
      [231, 10],
      [20, 100],
    ] as const) {
      const body = await get<TPage>(`/software-rental-partners/?page=${page}&size=${size}`);
      expect(body, `page ${page} of ${size}`).toMatchObject({
        total: expected.length,
        pages: Math.ceil(expected.length / size),
      });
      expect(ids(body), `page ${page} of ${size}`).toEqual(expected.slice((page - 1) * size, page * size));
    }
  });
});

describe('search through the trigram indexes', () => {
  it('answers a %…% search on every searched station column through its trigram index', async () => {
    const query = ctx.database.db
      .select({ id: stations.id })
      .from(stations)
      .where(searchAny('ala-too', [stations.nameRu, stations.nameEn, stations.nameKy, stations.identity]));
    // The test tables are tiny, so the planner would read them whole; forbidding that shows that the indexes can answer.
    const plan = await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      return (result as unknown as { rows: Record<string, string>[] }).rows
        .map((row) => Object.values(row).join(' '))
        .join('\n');
    });
    for (const index of [
      'stations_name_ru_trgm_idx',
      'stations_name_en_trgm_idx',
      'stations_name_ky_trgm_idx',
      'stations_identity_trgm_idx',
    ]) {
      expect(plan).toContain(index);
    }
  });

  it('finds a word inside names, case-insensitively, with LIKE wildcards taken literally', async () => {
    const merchant = await buildMerchant(ctx.database.db);
    const station = await buildStation(ctx.database.db, {
      merchantId: merchant.id,
      nameEn: 'Tunduk 100% Green',
      nameRu: 'Түндүк',
    });
    await buildStation(ctx.database.db, { merchantId: merchant.id, nameEn: 'Tunduk 1000 Green' });
    expect(ids(await get<TPage>(`/stations/?merchant=${merchant.id}&search=${encodeURIComponent('100% g')}`))).toEqual([
      station.id,
    ]);
    expect(ids(await get<TPage>(`/stations/?merchant=${merchant.id}&search=${encodeURIComponent('ТҮНДҮ')}`))).toEqual([
      station.id,
    ]);
  });
});
