import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errors } from './errors';
import { i18n } from './i18n';

let app: FastifyInstance;

/** pg-pool's error when every connection stays taken for longer than the pool waits. */
const poolTimeout = () => new Error('timeout exceeded when trying to connect');

beforeAll(async () => {
  app = Fastify({ logger: false });
  await app.register(i18n);
  await app.register(errors);
  // A transaction's connect throws pg-pool's error as it is; Drizzle wraps a single query's with it as the cause.
  app.get('/pool-timeout', async () => {
    throw poolTimeout();
  });
  app.get('/query-pool-timeout', async () => {
    throw new Error('Failed query: select 1\nparams: ', { cause: poolTimeout() });
  });
  app.get('/bug', async () => {
    throw new Error('Failed query: select 1\nparams: ', { cause: new Error('relation "nowhere" does not exist') });
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('a database pool that stays exhausted', () => {
  it('answers 503 server_busy with Retry-After, whether the timeout is thrown as it is or wrapped by Drizzle', async () => {
    for (const url of ['/pool-timeout', '/query-pool-timeout']) {
      const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(response.statusCode, url).toBe(503);
      expect(response.headers['retry-after'], url).toBe('1');
    }
    // Any other failure of a query stays a 500: it is a bug.
    expect((await app.inject({ method: 'GET', url: '/bug' })).statusCode).toBe(500);
  });
});
