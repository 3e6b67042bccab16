import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app';

// Issue 38: the drivers' API has its own OpenAPI document, browsable, and the dashboard's keeps to its own routes.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

describe('the drivers’ API document', () => {
  it('holds the app’s routes only, with the sign-in open and the rest behind the driver’s token', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/openapi.json' });
    expect(response.statusCode).toBe(200);
    const document = response.json<{
      info: { title: string };
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    expect(document.info.title).toBe('Zaryad drivers’ API');
    const paths = Object.keys(document.paths);
    expect(paths.length).toBeGreaterThanOrEqual(15);
    expect(paths.every((path) => path.startsWith('/api/app/v1/'))).toBe(true);
    expect(paths).toEqual(expect.arrayContaining(['/api/app/v1/auth/code/', '/api/app/v1/charging/start/']));
    expect(document.paths['/api/app/v1/auth/code/']!.post!.security).toEqual([]);
    expect(document.paths['/api/app/v1/me/']!.get!.security).toBeUndefined();

    const dashboard = (await ctx.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json<{ paths: object }>();
    const dashboardPaths = Object.keys(dashboard.paths);
    expect(dashboardPaths.some((path) => path.startsWith('/api/app/'))).toBe(false);
    expect(dashboardPaths).toEqual(expect.arrayContaining(['/api/v1/sms-outbox/', '/api/v1/users/{id}/devices/']));
  });

  it('is browsable without a token', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const spec = await ctx.app.inject({ method: 'GET', url: '/api/app/v1/docs/json' });
    expect(spec.json().info.title).toBe('Zaryad drivers’ API');
  });
});
