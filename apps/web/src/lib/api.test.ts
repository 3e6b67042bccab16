import { afterEach, expect, test, vi } from 'vitest';
import { createApiClient } from '@/lib/api';
import { ApiError } from '@/lib/apiError';
import { createSessionStore, LOGOUT_MARKER_KEY, SESSION_KEY } from '@/lib/session';

type TCall = { url: string; method: string; headers: Headers; body: unknown };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fake server: `/refresh/` rotates `old` into `new`; other paths accept only the current access token. */
const setUp = ({ refreshStatus = 200, refreshDelayMs = 10 } = {}) => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'old-access', refresh: 'old-refresh' }));
  const session = createSessionStore(localStorage, null);
  const calls: TCall[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const url = String(input);
    calls.push({ url, method: init?.method ?? 'GET', headers, body });
    if (url.includes('/refresh/')) {
      await new Promise((resolve) => setTimeout(resolve, refreshDelayMs));
      return refreshStatus === 200
        ? json(200, { access: 'new-access', refresh: 'new-refresh' })
        : json(refreshStatus, { detail: 'The token is invalid or expired.' });
    }
    if (url.includes('/login/')) {
      return json(200, { access: 'a', refresh: 'r' });
    }
    return headers.get('Authorization') === 'Bearer new-access'
      ? json(200, { ok: url })
      : json(401, { detail: 'expired' });
  });
  const client = createApiClient({ fetch: fetchImpl, session, getLanguage: () => 'ky' });
  return { client, session, calls };
};

afterEach(() => {
  localStorage.clear();
});

test('calls failing with 401 at the same time share one refresh and are retried once with the new token', async () => {
  const { client, session, calls } = setUp();
  const answers = await Promise.all([client.get('/a/'), client.get('/b/'), client.get('/c/')]);

  expect(answers).toEqual([{ ok: '/api/v1/a/' }, { ok: '/api/v1/b/' }, { ok: '/api/v1/c/' }]);
  expect(calls.filter((call) => call.url.includes('/refresh/'))).toHaveLength(1);
  expect(calls.find((call) => call.url.includes('/refresh/'))?.body).toEqual({ refresh: 'old-refresh' });
  expect(calls.filter((call) => call.url === '/api/v1/a/')).toHaveLength(2);
  expect(session.get()).toEqual({ access: 'new-access', refresh: 'new-refresh' });
});

test('a failed refresh logs out: tokens removed and the logout marker written for the other tabs', async () => {
  const { client, session, calls } = setUp({ refreshStatus: 401 });
  const listener = vi.fn();
  session.subscribe(listener);

  const results = await Promise.allSettled([client.get('/a/'), client.get('/b/')]);

  expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected']);
  expect(results[0]?.status === 'rejected' && results[0].reason).toBeInstanceOf(ApiError);
  expect(calls.filter((call) => call.url.includes('/refresh/'))).toHaveLength(1);
  expect(session.get()).toBeNull();
  expect(localStorage.getItem(SESSION_KEY)).toBeNull();
  expect(localStorage.getItem(LOGOUT_MARKER_KEY)).not.toBeNull();
  expect(listener).toHaveBeenCalled();
});

test('a call still refused after the refresh is not retried again and logs out', async () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'old-access', refresh: 'old-refresh' }));
  const session = createSessionStore(localStorage, null);
  const urls: string[] = [];
  // The refreshed token is refused too: the account was revoked meanwhile.
  const client = createApiClient({
    fetch: async (input) => {
      urls.push(String(input));
      return String(input).includes('/refresh/')
        ? json(200, { access: 'x', refresh: 'y' })
        : json(401, { detail: 'no' });
    },
    session,
    getLanguage: () => 'ru',
  });

  await expect(client.get('/a/')).rejects.toMatchObject({ status: 401 });
  expect(urls).toEqual(['/api/v1/a/', '/api/v1/accounts/refresh/', '/api/v1/a/']);
  expect(session.get()).toBeNull();
});

test('login is sent without the bearer token, every call carries Accept-Language', async () => {
  const { client, calls } = setUp();
  await client.post('/accounts/login/', { email: 'a@b.kg', password: 'x', remember: true });

  const login = calls[0];
  expect(login?.headers.get('Authorization')).toBeNull();
  expect(login?.headers.get('Accept-Language')).toBe('ky');
  expect(login?.headers.get('Content-Type')).toBe('application/json');
  expect(login?.body).toEqual({ email: 'a@b.kg', password: 'x', remember: true });
});

test('a failed login answers its error without a refresh attempt', async () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'old-access', refresh: 'old-refresh' }));
  const session = createSessionStore(localStorage, null);
  const fetchImpl = vi.fn(async () => json(401, { detail: 'Invalid email or password' }));
  const client = createApiClient({ fetch: fetchImpl, session, getLanguage: () => 'en' });

  await expect(client.post('/accounts/login/', {})).rejects.toThrow('Invalid email or password');
  expect(fetchImpl).toHaveBeenCalledTimes(1);
});

test('other calls carry the bearer token; empty query values are dropped', async () => {
  const { client, calls } = setUp();
  await client
    .get('/accounts/', { query: { page: 1, search: '', active: undefined, ids: [1, 2] } })
    .catch(() => undefined);

  expect(calls[0]?.url).toBe('/api/v1/accounts/?page=1&ids=1&ids=2');
  expect(calls[0]?.headers.get('Authorization')).toBe('Bearer old-access');
});

test('a storage event from another tab: the logout marker signs out, new tokens sign in', () => {
  const target = new EventTarget();
  const session = createSessionStore(localStorage, target as unknown as Window);
  const listener = vi.fn();
  session.subscribe(listener);

  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a', refresh: 'r' }));
  target.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEY, newValue: localStorage.getItem(SESSION_KEY) }));
  expect(listener).toHaveBeenCalledTimes(1);
  expect(session.get()).toEqual({ access: 'a', refresh: 'r' });

  target.dispatchEvent(new StorageEvent('storage', { key: LOGOUT_MARKER_KEY, newValue: '123' }));
  expect(listener).toHaveBeenCalledTimes(2);
  expect(session.get()).toBeNull();
});

test('a session with a missing token counts as signed out', () => {
  localStorage.setItem(SESSION_KEY, JSON.stringify({ access: 'a' }));
  expect(createSessionStore(localStorage, null).get()).toBeNull();
});

test('a download shares the refresh with JSON calls and hands back the bytes and the suggested file name', async () => {
  const { client, calls } = setUp();
  const [file, answer] = await Promise.all([client.download('/report/', { query: { format: 'csv' } }), client.get('/a/')]);

  expect(await file.blob.text()).toBe(JSON.stringify({ ok: '/api/v1/report/?format=csv' }));
  expect(answer).toEqual({ ok: '/api/v1/a/' });
  expect(calls.filter((call) => call.url.includes('/refresh/'))).toHaveLength(1);
});
