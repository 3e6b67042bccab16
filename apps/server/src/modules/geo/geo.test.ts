import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { geocoderCache } from './geo.tables';

/** A real HTTP server standing in for Nominatim: records each request and answers what the test set. */
interface Upstream {
  url: string;
  requests: { path: string; params: URLSearchParams; userAgent: string | undefined }[];
  answer: (request: IncomingMessage) => { status: number; body: unknown } | 'hang';
  server: Server;
}

const startUpstream = async (): Promise<Upstream> => {
  const upstream: Upstream = {
    url: '',
    requests: [],
    answer: () => ({ status: 200, body: {} }),
    server: createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      upstream.requests.push({ path: url.pathname, params: url.searchParams, userAgent: request.headers['user-agent'] });
      const answer = upstream.answer(request);
      if (answer === 'hang') {
        return;
      }
      response.writeHead(answer.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(answer.body));
    }),
  };
  await new Promise<void>((resolve) => upstream.server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(upstream.server.address() as AddressInfo).port}`;
  return upstream;
};

const CHUI = { place_id: 1, lat: '42.876400', lon: '74.603700', display_name: 'проспект Чуй 100, Бишкек' };

let ctx: TestContext;
let upstream: Upstream;
let headers: { authorization: string };

beforeAll(async () => {
  upstream = await startUpstream();
  ctx = await createTestContext({ config: { geocoderUrl: upstream.url, mapTileUrl: 'http://tiles.test/{z}/{x}/{y}.png' } });
  headers = (await signIn(ctx.app, await buildAccount(ctx.database.db))).headers;
});
afterAll(async () => {
  upstream.server.closeAllConnections();
  await new Promise((resolve) => upstream.server.close(resolve));
  await ctx.close();
});
beforeEach(async () => {
  upstream.requests = [];
  upstream.answer = (request) =>
    request.url?.startsWith('/reverse') ? { status: 200, body: CHUI } : { status: 200, body: [CHUI] };
  await ctx.database.db.delete(geocoderCache);
});

const get = (url: string, language = 'ru') =>
  ctx.app.inject({ method: 'GET', url, headers: { ...headers, 'accept-language': language } });

describe('map configuration', () => {
  it('answers the configured tile template, the attribution and Bishkek at zoom 13', async () => {
    const response = await get('/api/v1/geo/config/');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      tile_url: 'http://tiles.test/{z}/{x}/{y}.png',
      center: { latitude: 42.87, longitude: 74.59 },
      zoom: 13,
    });
    expect(response.json().attribution).toContain('OpenStreetMap');
  });

  it('needs a token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/v1/geo/reverse/?lat=42.87&lon=74.59' });
    expect(response.statusCode).toBe(401);
    expect(upstream.requests).toHaveLength(0);
  });
});

describe('reverse geocoding', () => {
  it('answers the address, asking in the request language with an identifying user agent', async () => {
    const response = await get('/api/v1/geo/reverse/?lat=42.8764&lon=74.6037', 'ky');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ display_name: 'проспект Чуй 100, Бишкек' });
    const [request] = upstream.requests;
    expect(request?.path).toBe('/reverse');
    expect(Object.fromEntries(request?.params ?? [])).toEqual({
      format: 'json',
      lat: '42.8764',
      lon: '74.6037',
      'accept-language': 'ky',
    });
    expect(request?.userAgent).toBe('Zaryad back-office (contact: http://zaryad.test)');
  });

  it('asks upstream once for the same point and language, again for another language', async () => {
    await get('/api/v1/geo/reverse/?lat=42.876401&lon=74.603702');
    const second = await get('/api/v1/geo/reverse/?lat=42.876399&lon=74.603698');
    expect(second.json()).toEqual({ display_name: 'проспект Чуй 100, Бишкек' });
    expect(upstream.requests).toHaveLength(1);
    await get('/api/v1/geo/reverse/?lat=42.876401&lon=74.603702', 'en');
    expect(upstream.requests).toHaveLength(2);
  });

  it('shares the cache with another server process on the same database', async () => {
    await get('/api/v1/geo/reverse/?lat=42.87&lon=74.59');
    const other = await ctx.buildAnotherApp();
    const response = await other.inject({
      method: 'GET',
      url: '/api/v1/geo/reverse/?lat=42.87&lon=74.59',
      headers: { ...headers, 'accept-language': 'ru' },
    });
    expect(response.json()).toEqual({ display_name: 'проспект Чуй 100, Бишкек' });
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers an empty address for a point the geocoder cannot name', async () => {
    upstream.answer = () => ({ status: 200, body: { error: 'Unable to geocode' } });
    const response = await get('/api/v1/geo/reverse/?lat=0&lon=0');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ display_name: '' });
  });

  it('refuses coordinates out of range without calling upstream', async () => {
    const response = await get('/api/v1/geo/reverse/?lat=91&lon=abc', 'en');
    expect(response.statusCode).toBe(400);
    expect(Object.keys(response.json()).sort()).toEqual(['lat', 'lon']);
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 502 with a translated detail when upstream fails, and caches nothing', async () => {
    upstream.answer = () => ({ status: 503, body: { error: 'overloaded' } });
    const response = await get('/api/v1/geo/reverse/?lat=42.87&lon=74.59', 'en');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: 'The address service is not answering. Please try again later.' });
    upstream.answer = () => ({ status: 200, body: CHUI });
    expect((await get('/api/v1/geo/reverse/?lat=42.87&lon=74.59')).statusCode).toBe(200);
    expect(upstream.requests).toHaveLength(2);
  });

  it('answers 502 when upstream sends something that is not an address', async () => {
    upstream.answer = () => ({ status: 200, body: ['not', 'an', 'address'] });
    expect((await get('/api/v1/geo/reverse/?lat=42.87&lon=74.59')).statusCode).toBe(502);
  });
});

describe('place search', () => {
  it('answers numeric coordinates, searching in Kyrgyzstan with at most 5 results', async () => {
    const response = await get('/api/v1/geo/search/?q=%20%D0%A7%D1%83%D0%B9%20%20100%20', 'en');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([{ lat: 42.8764, lon: 74.6037, display_name: 'проспект Чуй 100, Бишкек' }]);
    expect(Object.fromEntries(upstream.requests[0]?.params ?? [])).toEqual({
      format: 'json',
      q: 'чуй 100',
      limit: '5',
      'accept-language': 'en',
      countrycodes: 'kg',
    });
  });

  it('caches by the normalised query and language', async () => {
    await get('/api/v1/geo/search/?q=Ala-Too');
    await get('/api/v1/geo/search/?q=%20ala-too%20');
    expect(upstream.requests).toHaveLength(1);
  });

  it('answers an empty list when nothing matches', async () => {
    upstream.answer = () => ({ status: 200, body: [] });
    const response = await get('/api/v1/geo/search/?q=nowhere');
    expect(response.json()).toEqual([]);
  });

  it('refuses an empty or overlong query', async () => {
    expect((await get('/api/v1/geo/search/?q=%20')).statusCode).toBe(400);
    const long = await get(`/api/v1/geo/search/?q=${'a'.repeat(201)}`, 'en');
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ q: ['Ensure this field has no more than 200 characters.'] });
    expect(upstream.requests).toHaveLength(0);
  });

  it('answers 502 when upstream is down or too slow', async () => {
    upstream.answer = () => 'hang';
    const started = Date.now();
    const slow = await get('/api/v1/geo/search/?q=slow');
    expect(slow.statusCode).toBe(502);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(slow.json().detail).toBe('Сервис адресов не отвечает. Попробуйте позже.');
    const down = await ctx.buildAnotherApp({ config: { geocoderUrl: 'http://127.0.0.1:9' } });
    const response = await down.inject({ method: 'GET', url: '/api/v1/geo/search/?q=down', headers });
    expect(response.statusCode).toBe(502);
  }, 10_000);
});
