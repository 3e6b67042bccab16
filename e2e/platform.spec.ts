import { expect, test } from './support/fixtures';

test('the server reports itself alive and ready with its database, and serves the app for any non-API path', async ({
  request,
}) => {
  const alive = await request.get('/healthz');
  expect(alive.status()).toBe(200);
  expect(await alive.json()).toEqual({ status: 'ok' });
  const ready = await request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({ status: 'ready', database: 'up' });

  const deepLink = await request.get('/merchants/some/deep/link');
  expect(deepLink.status()).toBe(200);
  expect(deepLink.headers()['content-type']).toContain('text/html');
  expect(await deepLink.text()).toContain('<div id="root">');

  const unknownApi = await request.get('/api/v1/no-such-thing/');
  expect(unknownApi.status()).toBe(404);
  expect(await unknownApi.json()).toHaveProperty('detail');
});
