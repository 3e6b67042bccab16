import { SignJWT } from 'jose';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { createTestContext, TEST_LOGIN_LIMIT, type TestContext } from '../../test/test-app';
import { refreshTokens } from './accounts.tables';
import { hashToken } from './tokens';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const login = (body: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: body as object, headers, ...(remoteAddress && { remoteAddress }) });
const refresh = (token: string) => ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: token } });
const me = (access: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me/', headers: { authorization: `Bearer ${access}` } });

describe('login', () => {
  it('answers a token pair that opens /me/', async () => {
    const account = await buildAccount(ctx.database.db, { email: 'Login.Case@Zaryad.test' });
    const response = await login({ email: '  LOGIN.case@zaryad.test ', password: account.password });
    expect(response.statusCode).toBe(200);
    const tokens = response.json<{ access: string; refresh: string }>();
    expect(tokens.access.split('.')).toHaveLength(3);
    expect(tokens.refresh.length).toBeGreaterThan(30);
    const profile = await me(tokens.access);
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toMatchObject({ id: account.id, email: 'login.case@zaryad.test', status: 0, role: { key: 'manager' } });
    expect(profile.json()).not.toHaveProperty('password_hash');
  });

  it('refuses a wrong password and an unknown email alike, translated', async () => {
    const account = await buildAccount(ctx.database.db);
    const wrong = await login({ email: account.email, password: 'not-the-password' }, { 'accept-language': 'en' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ detail: 'Invalid email or password' });
    const unknown = await login({ email: 'nobody@zaryad.test', password: 'whatever1' });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ detail: 'Неверный адрес электронной почты или пароль' });
  });

  it('refuses a blocked account with 403 only when the password is right', async () => {
    const account = await buildAccount(ctx.database.db, { isBlocked: true });
    const blocked = await login({ email: account.email, password: account.password }, { 'accept-language': 'ky' });
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual({ detail: 'Бул эсеп бөгөттөлгөн. Администраторго кайрылыңыз.' });
    expect((await login({ email: account.email, password: 'wrong-password' })).statusCode).toBe(401);
  });

  it('validates the body with translated field messages', async () => {
    const response = await login({ email: 'not-an-email', password: '' }, { 'accept-language': 'en' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ email: ['Your email address is not valid'], password: ['Enter your password'] });
    const missing = await login({}, { 'accept-language': 'en' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json())).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('limits failures per email and client with 429 and Retry-After; the owner signs in from another address', async () => {
    const account = await buildAccount(ctx.database.db);
    expect((await login({ email: account.email, password: account.password })).statusCode).toBe(200);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await login({ email: account.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const limited = await login({ email: account.email, password: account.password }, { 'accept-language': 'en' });
    expect(limited.statusCode).toBe(429);
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(800);
    expect(retryAfter).toBeLessThanOrEqual(900);
    expect(limited.json()).toEqual({ detail: `Too many attempts. Try again in ${retryAfter} seconds.` });
    // The rightful owner, from another address, is not locked out; another email is not affected.
    expect((await login({ email: account.email, password: account.password }, {}, '10.20.30.40')).statusCode).toBe(200);
    const other = await buildAccount(ctx.database.db);
    expect((await login({ email: other.email, password: other.password })).statusCode).toBe(200);
  });

  it('limits failures per address across emails', async () => {
    const app = await ctx.buildAnotherApp({ loginLimit: { ...TEST_LOGIN_LIMIT, maxPerClient: 3 } });
    const attempt = (email: string) =>
      app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email, password: 'wrong-password' }, remoteAddress: '10.1.2.3' });
    for (const email of ['a@zaryad.test', 'b@zaryad.test', 'c@zaryad.test']) {
      expect((await attempt(email)).statusCode).toBe(401);
    }
    const limited = await attempt('d@zaryad.test');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('refresh and logout', () => {
  it('rotates: the new pair works, the old refresh token does not', async () => {
    const account = await buildAccount(ctx.database.db);
    const first = await signIn(ctx.app, account);
    const rotated = await refresh(first.refresh);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ access: string; refresh: string }>();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await me(second.access)).statusCode).toBe(200);
    expect((await refresh(second.refresh)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const account = await buildAccount(ctx.database.db);
    const first = await signIn(ctx.app, account);
    const second = (await refresh(first.refresh)).json<{ refresh: string }>();
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json()).toEqual({ detail: 'Токен недействителен или истёк.' });
    // The thief's copy and the legitimate newer token both die.
    expect((await refresh(second.refresh)).statusCode).toBe(401);
  });

  it('refuses forged and expired refresh tokens', async () => {
    expect((await refresh('forged-token-value')).statusCode).toBe(401);
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(ctx.app, account);
    await ctx.database.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashToken(tokens.refresh)));
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('keeps remembered sessions for 30 days and others for one', async () => {
    const account = await buildAccount(ctx.database.db);
    const short = await signIn(ctx.app, account);
    const long = await signIn(ctx.app, account, { remember: true });
    const expiry = async (token: string) => {
      const [row] = await ctx.database.db
        .select({ expiresAt: refreshTokens.expiresAt })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(token)));
      return ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    };
    expect(await expiry(short.refresh)).toBeCloseTo(1, 1);
    expect(await expiry(long.refresh)).toBeCloseTo(30, 1);
  });

  it('logout revokes the refresh token and answers 204', async () => {
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(ctx.app, account);
    const response = await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/logout/', payload: { refresh: tokens.refresh } });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  it('answers 401 without, with a malformed, forged or expired token', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/v1/accounts/me/' })).json()).toEqual({
      detail: 'Учётные данные не предоставлены.',
    });
    expect((await me('not.a.jwt')).statusCode).toBe(401);
    const account = await buildAccount(ctx.database.db);
    const forged = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(String(account.id)).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect((await me(forged)).statusCode).toBe(401);
    const expired = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(account.id))
      .setExpirationTime(Math.floor(Date.now() / 1000) - 10)
      .sign(new TextEncoder().encode(ctx.config.jwtSecret));
    const response = await me(expired);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Токен недействителен или истёк.' });
  });

  it('stops working when the account is blocked, and so does refresh', async () => {
    const admin = await buildAccount(ctx.database.db, { roleKey: 'superadmin' });
    const adminTokens = await signIn(ctx.app, admin);
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(ctx.app, account);
    const block = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/statuses/',
      headers: adminTokens.headers,
      payload: { ids: [account.id], active: false },
    });
    expect(block.statusCode).toBe(200);
    const response = await me(tokens.access);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ detail: 'Эта учётная запись заблокирована. Обратитесь к администратору.' });
    expect((await refresh(tokens.refresh)).statusCode).toBe(401);
  });

  it('honours ACCESS_TOKEN_TTL', async () => {
    const app = await ctx.buildAnotherApp({ config: { accessTokenTtl: 1 } });
    const account = await buildAccount(ctx.database.db);
    const tokens = await signIn(app, account);
    const payload = JSON.parse(Buffer.from(tokens.access.split('.')[1] ?? '', 'base64url').toString()) as { exp: number; iat: number; sub: string };
    expect(payload.exp - payload.iat).toBe(1);
    expect(payload.sub).toBe(String(account.id));
  });
});
