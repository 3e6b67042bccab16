import { MAX_PAGE_SIZE, REPORT_MAX_DAYS } from '@zaryad/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app';

/**
 * Issue 31: the OpenAPI document states every bound and cap a client needs, and every multipart body has a schema
 * (fields, types, required), not prose only.
 */
type TSchema = {
  type?: string | string[];
  properties?: Record<string, TSchema>;
  required?: string[];
  minimum?: number;
  maximum?: number;
  items?: TSchema;
  format?: string;
};
type TParameter = { name: string; in: string; required?: boolean; schema?: TSchema; description?: string };
type TOperation = {
  summary?: string;
  description?: string;
  parameters?: TParameter[];
  requestBody?: { content?: Record<string, { schema?: TSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: TSchema }> }>;
};
type TDocument = { paths: Record<string, Record<string, TOperation>> };

let ctx: TestContext;
let document: TDocument;

const operations = () =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ id: `${method.toUpperCase()} ${path}`, operation })),
  );

/** A paged list answers `{items, page, pages, size, total}`. */
export const isPagedList = (operation: TOperation) => {
  const properties = operation.responses?.['200']?.content?.['application/json']?.schema?.properties ?? {};
  return ['items', 'page', 'pages', 'size', 'total'].every((name) => name in properties);
};

beforeAll(async () => {
  ctx = await createTestContext();
  document = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<TDocument>();
});
afterAll(async () => {
  await ctx.close();
});

describe('multipart bodies', () => {
  it('every operation with a multipart consumer has a request body schema with its fields', () => {
    const multipart = operations().filter(({ operation }) => operation.requestBody?.content?.['multipart/form-data']);
    // Promotions, banners, stations and infrastructure, each created and edited; charge points' firmware uploaded.
    expect(multipart.map(({ id }) => id).sort()).toEqual(
      [
        'POST /api/v1/ocpp/firmware/',
        'PATCH /api/v1/ads/banners/{id}/',
        'PATCH /api/v1/ads/promotions/{id}/',
        'PATCH /api/v1/common/surroundings/{id}/',
        'PATCH /api/v1/stations/update/{id}/',
        'POST /api/v1/ads/banners/',
        'POST /api/v1/ads/promotions/',
        'POST /api/v1/common/surroundings/',
        'POST /api/v1/stations/',
      ].sort(),
    );
    for (const { id, operation } of multipart) {
      const schema = operation.requestBody?.content?.['multipart/form-data']?.schema;
      expect(schema?.type, id).toBe('object');
      expect(Object.keys(schema?.properties ?? {}).length, id).toBeGreaterThan(0);
      expect(Array.isArray(schema?.required), id).toBe(true);
      for (const [name, property] of Object.entries(schema?.properties ?? {})) {
        expect(property.type ?? (property as { anyOf?: unknown }).anyOf, `${id} ${name}`).toBeDefined();
      }
    }
  });

  it('no operation says it takes multipart/form-data without a schema of the body', () => {
    const saysMultipart = operations().filter(({ operation }) =>
      `${operation.summary ?? ''} ${operation.description ?? ''}`.includes('multipart/form-data'),
    );
    expect(saysMultipart.length).toBeGreaterThan(0);
    for (const { id, operation } of saysMultipart) {
      expect(operation.requestBody?.content?.['multipart/form-data']?.schema?.properties, id).toBeDefined();
    }
  });

  it("states the promotion's and the banner's fields, files and required ones", () => {
    const promotion = document.paths['/api/v1/ads/promotions/']?.post?.requestBody?.content?.['multipart/form-data']
      ?.schema as TSchema;
    expect(promotion.required).toEqual(expect.arrayContaining(['title_ru', 'start_date', 'end_date', 'image']));
    expect(promotion.properties?.image).toMatchObject({ type: 'string', format: 'binary' });
    expect(promotion.properties?.stations).toMatchObject({ type: 'array', items: { type: 'integer' } });
    expect(promotion.properties?.title_ru).toMatchObject({ type: 'string', maxLength: 100 });
    const promotionEdit = document.paths['/api/v1/ads/promotions/{id}/']?.patch?.requestBody?.content?.[
      'multipart/form-data'
    ]?.schema as TSchema;
    expect(promotionEdit.required).toEqual([]);

    const banner = document.paths['/api/v1/ads/banners/']?.post?.requestBody?.content?.['multipart/form-data']
      ?.schema as TSchema;
    expect(banner.required).toEqual(expect.arrayContaining(['type', 'image', 'name']));
    expect(banner.properties?.type).toMatchObject({ type: 'string', enum: ['banner', 'fullscreen'] });
    expect(Object.keys(banner.properties ?? {})).toEqual(
      expect.arrayContaining(['source_link', 'button_color', 'stations', 'link', 'categories', 'destination']),
    );

    const station = document.paths['/api/v1/stations/']?.post?.requestBody?.content?.['multipart/form-data']
      ?.schema as TSchema;
    expect(station.properties?.media_files).toMatchObject({ type: 'array', maxItems: 10 });
    expect(station.properties?.schedule?.items?.properties).toHaveProperty('start_time');
  });
});

describe('bounds', () => {
  it("every paged list documents size's bounds (1 to the largest page) and page's", () => {
    const paged = operations().filter(({ operation }) => isPagedList(operation));
    expect(paged.length).toBeGreaterThan(15);
    for (const { id, operation } of paged) {
      const size = operation.parameters?.find((parameter) => parameter.name === 'size' && parameter.in === 'query');
      expect(size?.schema, id).toMatchObject({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE });
      const page = operation.parameters?.find((parameter) => parameter.name === 'page' && parameter.in === 'query');
      expect(page?.schema?.minimum, id).toBe(1);
    }
  });

  it('every report of a checked period states its cap of days', () => {
    const reports = operations().filter(
      ({ id, operation }) =>
        id.includes('report') && operation.parameters?.some((parameter) => parameter.name === 'period__from'),
    );
    expect(reports.map(({ id }) => id).sort()).toEqual([
      'GET /api/v1/ads/promotions/report/',
      'GET /api/v1/ads/promotions/report/export/',
      'GET /api/v1/merchants/{id}/report/',
    ]);
    for (const { id, operation } of reports) {
      expect(operation.description, id).toContain(`at most ${REPORT_MAX_DAYS} days`);
    }
  });
});
