import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { startSmtpServer } from '../../test/smtp-server';
import { createTestContext, type TestContext } from '../../test/test-app';
import { outbox } from '../mail';

/** Undoes quoted-printable soft line breaks and escapes, enough to read a link. */
const decodeQuotedPrintable = (text: string) =>
  text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

let ctx: TestContext;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let mailingApp: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpServer();
  mailingApp = await ctx.buildAnotherApp({ config: { smtpUrl: smtp.url, publicUrl: 'https://zaryad.example' } });
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const requestReset = (app: FastifyInstance, email: string, language = 'en') =>
  app.inject({ method: 'POST', url: '/api/v1/accounts/password-reset/', payload: { email }, headers: { 'accept-language': language } });
const confirmReset = (body: object, language = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/password-reset/confirm/', payload: body, headers: { 'accept-language': language } });

describe('password recovery', () => {
  it('mails a one-time link over SMTP; the new password works and old sessions end', async () => {
    const account = await buildAccount(ctx.database.db, { firstName: 'Gulnara' });
    const oldSession = await signIn(ctx.app, account);
    const arrived = smtp.nextMail();
    const response = await requestReset(mailingApp, account.email);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: 'If an account with this email exists, we have sent a password recovery link to it.',
    });
    const mail = await arrived;
    expect(mail.to).toEqual([account.email]);
    const body = decodeQuotedPrintable(mail.raw);
    expect(body).toContain('Subject: Zaryad: password recovery');
    expect(body).toContain('Hello, Gulnara!');
    const token = /https:\/\/zaryad\.example\/change-password\?token=([A-Za-z0-9_-]+)/.exec(body)?.[1];
    expect(token).toBeDefined();

    const mismatch = await confirmReset({ token, password: 'new-password-1', password_confirm: 'other-password' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toEqual({ password_confirm: ['Password mismatch'] });
    const short = await confirmReset({ token, password: 'short', password_confirm: 'short' }, 'ru');
    expect(short.json()).toEqual({ password: ['Пароль должен содержать не менее 8 символов'] });

    const confirmed = await confirmReset({ token, password: 'new-password-1', password_confirm: 'new-password-1' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ detail: 'The password has been changed. Sign in with the new password.' });
    await signIn(ctx.app, { email: account.email, password: 'new-password-1' });
    const oldRefresh = await ctx.app.inject({ method: 'POST', url: '/api/v1/accounts/refresh/', payload: { refresh: oldSession.refresh } });
    expect(oldRefresh.statusCode).toBe(401);

    const again = await confirmReset({ token, password: 'new-password-2', password_confirm: 'new-password-2' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ token: ['The password recovery link is invalid or has already been used.'] });
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.received.length;
    const response = await requestReset(mailingApp, 'nobody-here@zaryad.test');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      detail: 'If an account with this email exists, we have sent a password recovery link to it.',
    });
    await mailingApp.mailer.flush();
    expect(smtp.received.length).toBe(before);
  });

  it('keeps the mail in the outbox, in the requester language, when SMTP_URL is unset', async () => {
    const account = await buildAccount(ctx.database.db);
    const response = await requestReset(ctx.app, account.email, 'ky');
    expect(response.json().detail).toContain('шилтемесин');
    // The mail is written after the answer (same answer time for known and unknown addresses).
    await ctx.app.mailer.flush();
    const [mail] = await ctx.database.db.select().from(outbox).where(eq(outbox.recipient, account.email)).orderBy(desc(outbox.id));
    expect(mail?.subject).toBe('Zaryad: сырсөздү калыбына келтирүү');
    expect(mail?.text).toMatch(/http:\/\/zaryad\.test\/change-password\?token=[A-Za-z0-9_-]{40,}/);
  });

  it('refuses a made-up token and a malformed body', async () => {
    const made = await confirmReset({ token: 'made-up', password: 'new-password-1', password_confirm: 'new-password-1' });
    expect(made.statusCode).toBe(400);
    expect(made.json()).toHaveProperty('token');
    expect((await requestReset(ctx.app, 'not an email')).json()).toEqual({ email: ['Your email address is not valid'] });
  });
});
