import { afterEach, expect, test, vi } from 'vitest';
import { startEarlyMe, takeEarlyMe } from '@/app/earlyMe';
import { sessionStore } from '@/lib/session';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

test("an early /accounts/me/ whose session ended is not handed to the next sign-in's layout (issue 31)", async () => {
  sessionStore.set({ access: 'ended-access', refresh: 'ended-refresh' });
  let answered!: () => void;
  const done = new Promise<void>((resolve) => {
    answered = resolve;
  });
  vi.spyOn(window, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/accounts/refresh/')) {
      return json(401, { detail: 'The token is invalid or expired.' });
    }
    setTimeout(answered, 0);
    return json(401, { detail: 'The token is invalid or expired.' });
  });
  startEarlyMe();
  await done;
  await vi.waitFor(() => {
    expect(sessionStore.get()).toBeNull();
  });
  // The manager signs in again: the layout asks for /accounts/me/ itself instead of taking the ended session's 401.
  sessionStore.set({ access: 'new-access', refresh: 'new-refresh' });
  expect(takeEarlyMe()).toBeUndefined();
});

test('an early /accounts/me/ of the current session is taken once', async () => {
  sessionStore.set({ access: 'access', refresh: 'refresh' });
  vi.spyOn(window, 'fetch').mockImplementation(async () => json(200, { id: 1, permissions: [] }));
  startEarlyMe();
  const answer = takeEarlyMe();
  expect(answer).toBeDefined();
  await expect(answer).resolves.toMatchObject({ id: 1 });
  expect(takeEarlyMe()).toBeUndefined();
});
