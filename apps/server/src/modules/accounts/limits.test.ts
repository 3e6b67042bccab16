import { Writable } from 'node:stream';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount } from '../../test/builders';
import { createTestContext, TEST_LOGIN_LIMIT, type TestContext } from '../../test/test-app';
import { outbox } from '../mail';
import { passwordResetTokens } from './accounts.tables';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx.close();
});

const requestReset = (app: FastifyInstance, email: string, remoteAddress = '127.0.0.1') =>
  app.inject({
    method: 'POST',
    url: '/api/v1/accounts/password-reset/',
    payload: { email },
    headers: { 'accept-language': 'en' },
    remoteAddress,
  });

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/v1/accounts/login/', payload: { email, password }, remoteAddress });

/** The account's recovery links not used yet: at most one may be live (issue 18). */
const liveResetLinks = (accountId: number) =>
  ctx.database.db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.accountId, accountId), isNull(passwordResetTokens.usedAt)));

/** A clock the test moves: a wait the limit asks for is noted and moves it at once. */
const testClock = () => {
  let now = Date.now();
  const slept: number[] = [];
  return {
    slept,
    now: () => new Date(now),
    sleep: async (ms: number) => {
      slept.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
  };
};

describe('password recovery limits', () => {
  it('answers 429 after 3 requests an hour for one address, and keeps one live link per account', async () => {
    const account = await buildAccount(ctx.database.db);
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await requestReset(ctx.app, account.email, `10.3.0.${attempt}`)).statusCode).toBe(200);
    }
    const limited = await requestReset(ctx.app, account.email, '10.3.0.9');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    expect(limited.json().detail).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // An unknown address is limited alike: the answer tells nothing.
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await requestReset(ctx.app, 'nobody-limited@zaryad.test')).statusCode).toBe(200);
    }
    expect((await requestReset(ctx.app, 'nobody-limited@zaryad.test')).statusCode).toBe(429);
    await ctx.app.mailer.flush();
    expect(await liveResetLinks(account.id)).toHaveLength(1);
    const mails = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, account.email));
    expect(mails).toHaveLength(3);
  });

  it('keeps one live link when recovery requests for one account arrive together', async () => {
    const account = await buildAccount(ctx.database.db);
    const answers = await Promise.all(
      [0, 1, 2].map((attempt) => requestReset(ctx.app, account.email, `10.9.0.${attempt}`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    await ctx.app.mailer.flush();
    expect(await liveResetLinks(account.id)).toHaveLength(1);
  });

  it('limits one client across addresses', async () => {
    const app = await ctx.buildAnotherApp({
      config: { resetLimit: { windowSeconds: 3600, maxPerAddress: 3, maxPerClient: 2 } },
    });
    expect((await requestReset(app, 'one@zaryad.test', '10.4.0.1')).statusCode).toBe(200);
    expect((await requestReset(app, 'two@zaryad.test', '10.4.0.1')).statusCode).toBe(200);
    expect((await requestReset(app, 'three@zaryad.test', '10.4.0.1')).statusCode).toBe(429);
    expect((await requestReset(app, 'three@zaryad.test', '10.4.0.2')).statusCode).toBe(200);
  });

  it('answers known and unknown addresses alike: the lookup and the mail come after the answer', async () => {
    const app = await ctx.buildAnotherApp();
    // The work the service leaves for after the answer, held here until the test runs it.
    const held: (() => Promise<void>)[] = [];
    app.mailer.later = (work) => {
      held.push(work);
    };
    const account = await buildAccount(ctx.database.db);
    expect((await requestReset(app, account.email, '10.5.0.1')).statusCode).toBe(200);
    expect((await requestReset(app, 'nobody-timing@zaryad.test', '10.5.0.2')).statusCode).toBe(200);
    // Each answer left one piece of work, and nothing of the account was written before it: the answers did the same.
    expect(held).toHaveLength(2);
    const mails = () => ctx.database.db.select().from(outbox).where(eq(outbox.recipient, account.email));
    expect(await liveResetLinks(account.id)).toHaveLength(0);
    expect(await mails()).toHaveLength(0);
    for (const work of held) {
      await work();
    }
    expect(await liveResetLinks(account.id)).toHaveLength(1);
    expect(await mails()).toHaveLength(1);
  });

  it('never logs the mail body (the link) above debug', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const app = await ctx.buildAnotherApp({ logger: { level: 'info', stream } });
    const account = await buildAccount(ctx.database.db);
    expect((await requestReset(app, account.email, '10.6.0.1')).statusCode).toBe(200);
    await app.mailer.flush();
    const log = lines.join('');
    expect(log).toContain('SMTP_URL is not set');
    expect(log).not.toContain('change-password');
    expect(log).not.toContain('token=');
  });
});

describe('sign-in limits', () => {
  it('slows the client that sends wrong passwords, stops the pair, and never locks the owner out elsewhere', async () => {
    const clock = testClock();
    const app = await ctx.buildAnotherApp({
      clock,
      loginLimit: {
        ...TEST_LOGIN_LIMIT,
        maxPerAddressClient: 5,
        slowdownAfter: 2,
        slowdownMs: 600,
        slowdownMaxMs: 1500,
      },
    });
    const account = await buildAccount(ctx.database.db);
    /** The answer, and the waits the limit asked for before it. */
    const attempt = async (password: string, remoteAddress: string) => {
      const before = clock.slept.length;
      const response = await login(app, account.email, password, remoteAddress);
      return { status: response.statusCode, waited: clock.slept.slice(before), response };
    };
    expect(await attempt('wrong-password', '10.7.0.1')).toMatchObject({ status: 401, waited: [] });
    expect(await attempt('wrong-password', '10.7.0.1')).toMatchObject({ status: 401, waited: [] });
    // From the third failure on, each attempt waits twice as long as the one before, up to slowdownMaxMs.
    expect(await attempt('wrong-password', '10.7.0.1')).toMatchObject({ status: 401, waited: [600] });
    expect(await attempt('wrong-password', '10.7.0.1')).toMatchObject({ status: 401, waited: [1200] });
    expect(await attempt('wrong-password', '10.7.0.1')).toMatchObject({ status: 401, waited: [1500] });
    // Five failures for this email from this client: the pair is stopped, even with the right password, until the
    // first failure leaves the 900-second window (3.3 s of waits have passed).
    const limited = await attempt(account.password, '10.7.0.1');
    expect(limited).toMatchObject({ status: 429, waited: [] });
    expect(limited.response.headers['retry-after']).toBe('897');
    // The owner, from their own address, signs in at once.
    expect(await attempt(account.password, '10.7.0.2')).toMatchObject({ status: 200, waited: [] });
    // Once the window has passed, the client's failures are forgotten.
    clock.advance(900_000);
    expect(await attempt(account.password, '10.7.0.1')).toMatchObject({ status: 200, waited: [] });
  });

  it('stops a client that tries many addresses', async () => {
    const app = await ctx.buildAnotherApp({ loginLimit: { ...TEST_LOGIN_LIMIT, maxPerClient: 3 } });
    for (const email of ['p@zaryad.test', 'q@zaryad.test', 'r@zaryad.test']) {
      expect((await login(app, email, 'wrong-password', '10.8.0.1')).statusCode).toBe(401);
    }
    expect((await login(app, 's@zaryad.test', 'wrong-password', '10.8.0.1')).statusCode).toBe(429);
    expect((await login(app, 's@zaryad.test', 'wrong-password', '10.8.0.2')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('takes the client from X-Forwarded-For only when told to', async () => {
    const account = await buildAccount(ctx.database.db);
    const sessionIp = async (app: FastifyInstance) => {
      const tokens = (
        await app.inject({
          method: 'POST',
          url: '/api/v1/accounts/login/',
          payload: { email: account.email, password: account.password },
          headers: { 'x-forwarded-for': '203.0.113.7' },
        })
      ).json<{ access: string }>();
      const list = await app.inject({
        method: 'GET',
        url: '/api/v1/accounts/sessions/',
        headers: { authorization: `Bearer ${tokens.access}` },
      });
      return list.json<Array<{ ip: string; is_current: boolean }>>().find((session) => session.is_current)?.ip;
    };
    expect(await sessionIp(ctx.app)).toBe('127.0.0.1');
    expect(await sessionIp(await ctx.buildAnotherApp({ config: { trustProxy: true } }))).toBe('203.0.113.7');
    expect(await sessionIp(await ctx.buildAnotherApp({ config: { trustProxy: '127.0.0.1' } }))).toBe('203.0.113.7');
    expect(await sessionIp(await ctx.buildAnotherApp({ config: { trustProxy: '10.0.0.1' } }))).toBe('127.0.0.1');
  });
});
