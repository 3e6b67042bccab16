import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { accountSessions, passwordResetTokens, refreshTokens } from './accounts.tables';
import { hashToken } from './tokens';

let ctx: TestContext;
let adminHeaders: { authorization: string };
beforeAll(async () => {
  ctx = await createTestContext();
  adminHeaders = (await signIn(ctx.app, await buildAccount(ctx.database.db, { roleKey: 'superadmin' }))).headers;
});
afterAll(async () => {
  await ctx.close();
});

const CHROME_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1';

const me = (access: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: { authorization: `Bearer ${access}` } });
const refresh = (token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: token } });
const login = (account: { email: string; password: string }, userAgent: string, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/v1/accounts/login/',
    payload: { email: account.email, password: account.password, remember: false },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });

describe('sessions end when they should, access tokens included', () => {
  it('logout ends the access token at once', async () => {
    const tokens = await signIn(ctx.app, await buildAccount(ctx.database.db));
    expect((await me(tokens.access)).statusCode).toBe(200);
    const logout = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/logout/',
      payload: { refresh: tokens.refresh },
    });
    expect(logout.statusCode).toBe(204);
    expect((await me(tokens.access)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it("an administrator's password change ends the account's access and refresh tokens", async () => {
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(ctx.app, account);
    const other = await signIn(ctx.app, account, { remember: true });
    const change = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${account.id}/`,
      headers: adminHeaders,
      payload: { password: 'brand-new-password' },
    });
    expect(change.statusCode).toBe(200);
    for (const pair of [tokens, other]) {
      expect((await me(pair.access)).statusCode).toBe(401);
      expect((await refresh(pair.refresh)).statusCode).toBe(401);
    }
    const fresh = await signIn(ctx.app, { email: account.email, password: 'brand-new-password' });
    expect((await me(fresh.access)).statusCode).toBe(200);
    // A change of another field leaves the sessions alone.
    const rename = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/v1/accounts/${account.id}/`,
      headers: adminHeaders,
      payload: { first_name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(200);
    expect((await me(fresh.access)).statusCode).toBe(200);
  });

  it('a password recovery ends the access tokens too', async () => {
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(ctx.app, account);
    await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password-reset/',
      payload: { email: account.email },
    });
    await ctx.app.mailer.flush();
    // The token itself is only in the mail: replace it with a known one.
    await ctx.database.db
      .update(passwordResetTokens)
      .set({ tokenHash: hashToken('known-reset-token') })
      .where(eq(passwordResetTokens.accountId, account.id));
    const confirm = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/accounts/password-reset/confirm/',
      payload: { token: 'known-reset-token', password: 'after-reset-1', password_confirm: 'after-reset-1' },
    });
    expect(confirm.statusCode).toBe(200);
    expect((await me(tokens.access)).statusCode).toBe(401);
  });

  it('refresh tokens have an absolute lifetime: refreshing does not extend the sign-in', async () => {
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(ctx.app, account);
    const expiry = async (token: string) => {
      const [row] = await ctx.database.db
        .select({ expiresAt: refreshTokens.expiresAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      return row?.expiresAt.getTime();
    };
    const first = await expiry(tokens.refresh);
    const rotated = (await refresh(tokens.refresh)).json<{ access: string; refresh: string }>();
    expect(await expiry(rotated.refresh)).toBe(first);
    // The sign-in's day is over: neither its refresh nor its access token works, whatever the tokens' own dates.
    await ctx.database.db
      .update(accountSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountSessions.accountId, account.id));
    expect((await me(rotated.access)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh)).statusCode).toBe(401);
  });
});

describe('the account lists its open sessions and ends any of them', () => {
  it('lists device, address and last use, the current one marked; ending one stops its tokens', async () => {
    const account = await buildAccount(ctx.database.db);
    const desktop = (await login(account, CHROME_WINDOWS, '10.0.0.5')).json<{ access: string; refresh: string }>();
    const phone = (await login(account, SAFARI_IPHONE, '10.0.0.6')).json<{ access: string; refresh: string }>();
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/accounts/sessions/',
      headers: { authorization: `Bearer ${desktop.access}` },
    });
    expect(list.statusCode).toBe(200);
    const sessions =
      list.json<Array<{ id: string; device: string; ip: string; is_current: boolean; last_used_at: string }>>();
    expect(sessions).toHaveLength(2);
    expect(sessions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ device: 'Chrome 120, Windows', ip: '10.0.0.5', is_current: true }),
        expect.objectContaining({ device: 'Safari 17, iOS', ip: '10.0.0.6', is_current: false }),
      ]),
    );
    expect(Number.isNaN(Date.parse(sessions[0]?.last_used_at ?? ''))).toBe(false);
    const phoneSession = sessions.find((session) => !session.is_current);
    const end = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/accounts/sessions/${phoneSession?.id}/`,
      headers: { authorization: `Bearer ${desktop.access}` },
    });
    expect(end.statusCode).toBe(204);
    expect((await me(phone.access)).statusCode).toBe(401);
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await me(desktop.access)).statusCode).toBe(200);
    // Another account's session, an ended one, or a malformed id are not found.
    const stranger = await signIn(ctx.app, await buildAccount(ctx.database.db));
    const [own] = await ctx.database.db
      .select({ id: accountSessions.id })
      .from(accountSessions)
      .where(and(eq(accountSessions.accountId, account.id), isNull(accountSessions.endedAt)));
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/accounts/sessions/${own?.id}/`,
      headers: stranger.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/accounts/sessions/${phoneSession?.id}/`,
      headers: { authorization: `Bearer ${desktop.access}` },
    });
    expect(again.statusCode).toBe(404);
    const malformed = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/v1/accounts/sessions/not-a-uuid/',
      headers: stranger.headers,
    });
    expect(malformed.statusCode).toBe(400);
    // Ending the current one signs this device out.
    const self = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/v1/accounts/sessions/${own?.id}/`,
      headers: { authorization: `Bearer ${desktop.access}` },
    });
    expect(self.statusCode).toBe(204);
    expect((await me(desktop.access)).statusCode).toBe(401);
  });
});
