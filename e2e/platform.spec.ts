import { expect, test } from './support/fixtures';

test('the server reports a healthy database and serves the app for any non-API path', async ({ request }) => {
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ database: 'up' });

  const deepLink = await request.get('/merchants/some/deep/link');
  expect(deepLink.status()).toBe(200);
  expect(deepLink.headers()['content-type']).toContain('text/html');
  expect(await deepLink.text()).toContain('<div id="root">');

  const unknownApi = await request.get('/api/v1/no-such-thing/');
  expect(unknownApi.status()).toBe(404);
  expect(await unknownApi.json()).toHaveProperty('detail');
});
