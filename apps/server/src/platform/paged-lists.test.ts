import { MAX_PAGE_SIZE } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../test/builders';
import { buildMerchant } from '../test/network-builders';
import { buildStation } from '../test/station-builders';
import { createTestContext, type TestContext } from '../test/test-app';
import { buildUser } from '../test/user-builders';

/**
 * Issue 31: every list honours the `size` it is asked and answers `size` and `pages` to match. Walks every paged list
 * operation of the OpenAPI document (a new list is walked without being named here) with sizes 1, a middle one and the
 * largest: `size` echoes, `pages` is ceil(total / size) (at least 1), page 1 holds min(size, total) items and the last
 * page the rest; a size outside 1 to MAX_PAGE_SIZE answers 400 on `size`.
 */
type TParameter = { name: string; in: string; required?: boolean; schema?: { minimum?: number; maximum?: number } };
type TOperation = {
  parameters?: TParameter[];
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }>;
};
type TPage = { items: unknown[]; page: number; pages: number; size: number; total: number };

let ctx: TestContext;
let headers: { authorization: string };
let merchantId: number;
let stationId: number;
let webhookId: number;
let pagedLists: { path: string; operation: TOperation }[];

const isPagedList = (operation: TOperation) => {
  const properties = operation.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {};
  return ['items', 'page', 'pages', 'size', 'total'].every((name) => name in properties);
};

/** A list's URL with its path ids and required filters filled with records that exist. */
const urlOf = (path: string, operation: TOperation, query: Record<string, string | number>) => {
  const params = new URLSearchParams();
  for (const parameter of operation.parameters ?? []) {
    if (parameter.in === 'query' && parameter.required && parameter.name === 'merchant') {
      params.set('merchant', String(merchantId));
    } else if (parameter.in === 'query' && parameter.required) {
      throw new Error(`${path}: fill the required query parameter ${parameter.name}`);
    }
  }
  for (const [name, value] of Object.entries(query)) {
    params.set(name, String(value));
  }
  const id = path.includes('/stations/') ? stationId : path.includes('/webhooks/') ? webhookId : merchantId;
  const filled = path.replace('{id}', String(id));
  return `${filled}?${params.toString()}`;
};

const get = async (url: string) => ctx.app.inject({ method: 'GET', url, headers });

beforeAll(async () => {
  ctx = await createTestContext();
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
  // A few rows in several lists, so that paging has more than one page to answer.
  for (let index = 0; index < 3; index += 1) {
    await buildAccount(ctx.database.db);
  }
  const merchant = await buildMerchant(ctx.database.db);
  merchantId = merchant.id;
  await buildMerchant(ctx.database.db);
  await buildMerchant(ctx.database.db);
  for (let index = 0; index < 5; index += 1) {
    stationId = (await buildStation(ctx.database.db, { merchantId })).id;
  }
  for (let index = 0; index < 7; index += 1) {
    await buildUser(ctx.database.db);
  }
  const webhook = await ctx.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/',
    headers,
    payload: { name: 'NOC', url: 'http://127.0.0.1:9/hook', rules: ['station_offline'], enabled: false },
  });
  webhookId = webhook.json<{ id: number }>().id;
  const document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{
    paths: Record<string, Record<string, TOperation>>;
  }>();
  pagedLists = Object.entries(document.paths).flatMap(([path, methods]) =>
    methods.get && isPagedList(methods.get) ? [{ path, operation: methods.get }] : [],
  );
});
afterAll(async () => {
  await ctx.close();
});

describe('every paged list of the OpenAPI document', () => {
  it('is found in the document', () => {
    expect(pagedLists.length).toBeGreaterThan(15);
    expect(pagedLists.map(({ path }) => path)).toEqual(
      expect.arrayContaining(['/api/v1/users/', '/api/v1/merchants/', '/api/v1/stations/', '/api/v1/accounts/']),
    );
  });

  it('answers the size it is asked, and pages and items to match', async () => {
    const walked: string[] = [];
    for (const { path, operation } of pagedLists) {
      const first = await get(urlOf(path, operation, { size: MAX_PAGE_SIZE }));
      expect(first.statusCode, `${path} ${first.body}`).toBe(200);
      const { total } = first.json<TPage>();
      for (const size of [1, 2, Math.max(1, Math.ceil(total / 2)), 7, MAX_PAGE_SIZE]) {
        const answer = await get(urlOf(path, operation, { size, page: 1 }));
        expect(answer.statusCode, `${path} size=${size}: ${answer.body}`).toBe(200);
        const page = answer.json<TPage>();
        const pages = Math.max(1, Math.ceil(total / size));
        const where = `${path} size=${size} total=${total}`;
        expect(page.size, where).toBe(size);
        expect(page.page, where).toBe(1);
        expect(page.total, where).toBe(total);
        expect(page.pages, where).toBe(pages);
        expect(page.items.length, where).toBe(Math.min(size, total));
        if (pages > 1) {
          const last = (await get(urlOf(path, operation, { size, page: pages }))).json<TPage>();
          expect(last.items.length, `${where} last page`).toBe(total - (pages - 1) * size);
          expect(last.pages, `${where} last page`).toBe(pages);
        }
      }
      walked.push(`${path}:${total}`);
    }
    // Lists with rows were paged through more than one page.
    expect(walked.filter((entry) => Number(entry.split(':').pop()) > 2).length).toBeGreaterThanOrEqual(3);
  });

  it('answers 400 on size for a size outside 1 to the largest page', async () => {
    for (const { path, operation } of pagedLists) {
      for (const size of [0, -1, MAX_PAGE_SIZE + 1, 1_000_000, 1.5, 'ten']) {
        const answer = await get(urlOf(path, operation, { size }));
        expect(answer.statusCode, `${path} size=${size}`).toBe(400);
        expect(Object.keys(answer.json<Record<string, string[]>>()), `${path} size=${size}`).toContain('size');
      }
    }
  });
});
