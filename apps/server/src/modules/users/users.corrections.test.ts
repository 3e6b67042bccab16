import { formatSom, parseTyiyn, type TUser } from '@zaryad/contracts';
import type { TLedgerResult } from '@zaryad/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { buildCharge, buildPricedStation } from '../../test/charge-builders';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { auditLog } from '../audit';
import { balanceEntries } from './users.tables';

// POST /users/{id}/corrections/ (docs/product/users.md#4-states-and-rules): a credit adds, a debit takes but never more
// than the available balance (the balance less what running charges hold); one entry and one audit entry each.
let context: TestContext;
let finance: BuiltAccount;
let headers: { authorization: string };
let stationId: number;

const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  finance = await buildAccount(db(), { roleKey: 'finance' });
  headers = (await signIn(context.app, finance)).headers;
  stationId = await buildPricedStation(db());
});

afterAll(async () => {
  await context.close();
});

/** A user holding `balance` som. */
const userWith = async (balance = '100.00') => {
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: balance });
  return user.id;
};

const correct = (
  userId: number | string,
  payload: object,
  options: { language?: string; auth?: { authorization: string }; key?: string } = {},
) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/users/${userId}/corrections/`,
    headers: {
      ...(options.auth ?? headers),
      'accept-language': options.language ?? 'en',
      ...(options.key !== undefined && { 'idempotency-key': options.key }),
    },
    payload,
  });

const correctionsOf = (userId: number) =>
  db()
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.userId, userId), eq(balanceEntries.basis, 'correction')));

const auditOf = (userId: number) =>
  db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'app_user'), eq(auditLog.entityId, String(userId))));

describe('POST /users/{id}/corrections/', () => {
  it('credits and debits the balance, each an entry with its reason by the signed-in account', async () => {
    const userId = await userWith('100.00');
    const credit = await correct(userId, { direction: 'credit', amount: '25.50', reason: 'Lost top-up' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json<TLedgerResult>()).toMatchObject({
      balance: '125.50',
      detail: 'The balance has been corrected by 25.50 som',
      entry: {
        basis: 'correction',
        method: 'personal_balance',
        credit: '25.50',
        debit: '0.00',
        deposit: '125.50',
        comment: 'Lost top-up',
        user: { id: userId },
        account: { id: finance.id },
        charge_id: null,
      },
    });
    const debit = await correct(
      userId,
      { direction: 'debit', amount: 125.5, reason: 'Test money' },
      { language: 'ru' },
    );
    expect(debit.statusCode, debit.body).toBe(201);
    expect(debit.json<TLedgerResult>()).toMatchObject({
      balance: '0.00',
      detail: 'Баланс скорректирован на -125,50 сом',
      entry: { credit: '0.00', debit: '125.50', deposit: '0.00' },
    });
    expect(await correctionsOf(userId)).toHaveLength(2);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(0n);
  });

  it('refuses a debit past the balance, in each language, and changes nothing', async () => {
    const userId = await userWith('40.00');
    for (const [language, message] of [
      ['en', 'The driver’s available balance is 40.00 som: a correction cannot take more.'],
      ['ru', 'Доступный баланс водителя — 40,00 сом: корректировка не может забрать больше.'],
      ['ky', 'Айдоочунун жеткиликтүү балансы 40,00 сом: оңдоо мындан көптү ала албайт.'],
    ] as const) {
      const response = await correct(userId, { direction: 'debit', amount: '40.01', reason: 'Too much' }, { language });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ amount: [message] });
    }
    expect(await correctionsOf(userId)).toHaveLength(0);
    expect(await auditOf(userId)).toHaveLength(0);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(4_000n);
  });

  it('never takes what a running charge holds', async () => {
    const userId = await userWith('500.00');
    await buildCharge(db(), { userId, stationId, meterStartWh: 0, meterWh: 1_000 });
    const before = (
      await context.app.inject({ method: 'GET', url: `/api/v1/users/${userId}/`, headers })
    ).json<TUser>();
    expect(before.balance).toBe('500.00');
    expect(before.held).not.toBe('0.00');
    const over = await correct(userId, {
      direction: 'debit',
      amount: formatSom((parseTyiyn(before.available) ?? 0n) + 1n),
      reason: 'Past the hold',
    });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      amount: [`The driver’s available balance is ${before.available} som: a correction cannot take more.`],
    });
    const exact = await correct(userId, { direction: 'debit', amount: before.available, reason: 'All available' });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json<TLedgerResult>().balance).toBe(before.held);
    const after = (await context.app.inject({ method: 'GET', url: `/api/v1/users/${userId}/`, headers })).json<TUser>();
    expect(after).toMatchObject({ balance: before.held, held: before.held, available: '0.00' });
    const nothingLeft = await correct(userId, { direction: 'debit', amount: '0.01', reason: 'One more' });
    expect(nothingLeft.json()).toEqual({
      amount: ['The driver’s available balance is 0.00 som: a correction cannot take more.'],
    });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(await balanceOf(db(), userId));
  });

  it('corrects a blocked user too, and answers 404 for an unknown one', async () => {
    const blocked = await buildUser(db(), { status: 1 });
    const credit = await correct(blocked.id, { direction: 'credit', amount: '5.00', reason: 'Goodwill' });
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json<TLedgerResult>().entry.user_blocked).toBe(true);
    const missing = await correct(999_999_999, { direction: 'credit', amount: '5.00', reason: 'Nobody' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'User not found' });
    const missingRu = await correct(
      999_999_999,
      { direction: 'debit', amount: '5.00', reason: 'Nobody' },
      {
        language: 'ru',
      },
    );
    expect(missingRu.json()).toEqual({ detail: 'Пользователь не найден' });
  });

  it('answers 400 on the field for a bad body, translated', async () => {
    const userId = await userWith('10.00');
    const noReason = await correct(userId, { direction: 'credit', amount: '1.00', reason: '' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['Enter the reason for the correction'] });
    const badDirection = await correct(userId, { direction: 'sideways', amount: '1.00', reason: 'x' });
    expect(Object.keys(badDirection.json<Record<string, string[]>>())).toEqual(['direction']);
    for (const amount of ['0', '-1', '1.234', 'abc', '1000000.01']) {
      const response = await correct(userId, { direction: 'credit', amount, reason: 'Bad' });
      expect(response.statusCode, amount).toBe(400);
      expect(Object.keys(response.json<Record<string, string[]>>()), amount).toEqual(['amount']);
    }
    const tooLong = await correct(userId, { direction: 'credit', amount: '1.00', reason: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json<Record<string, string[]>>())).toEqual(['reason']);
    expect((await correct('abc', { direction: 'credit', amount: '1.00', reason: 'x' })).statusCode).toBe(400);
    expect(await correctionsOf(userId)).toHaveLength(0);
  });

  it('audits the correction on the user: the balance before and after, the change and the reason', async () => {
    const userId = await userWith('100.00');
    const response = await correct(userId, { direction: 'debit', amount: '30.00', reason: 'Double top-up' });
    const { entry } = response.json<TLedgerResult>();
    const audit = await auditOf(userId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: finance.id,
      action: 'correction',
      entity: 'app_user',
      changes: {
        balance: { before: '100.00', after: '70.00' },
        correction: { before: null, after: '-30.00' },
        direction: { before: null, after: 'debit' },
        reason: { before: null, after: 'Double top-up' },
        entry_id: { before: null, after: entry.id },
      },
    });
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key for another request', async () => {
    const userId = await userWith('100.00');
    const key = `correction-${userId}`;
    const body = { direction: 'debit', amount: '60.00', reason: 'Retry' };
    const first = await correct(userId, body, { key });
    // The retry would be refused on its own (60 som are no longer available): it answers the first entry.
    const again = await correct(userId, body, { key });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<TLedgerResult>()).toEqual(first.json<TLedgerResult>());
    expect(await correctionsOf(userId)).toHaveLength(1);
    const other = await correct(userId, { ...body, direction: 'credit' }, { key });
    expect(other.statusCode).toBe(409);
    // A top-up's key is another request too.
    const topUp = await context.app.inject({
      method: 'PATCH',
      url: `/api/v1/users/${userId}/balance/`,
      headers: { ...headers, 'idempotency-key': key },
      payload: { amount: '60.00' },
    });
    expect(topUp.statusCode).toBe(409);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(4_000n);
  });

  it('is refused to roles without balances.correct', async () => {
    const userId = await userWith('100.00');
    for (const roleKey of ['analyst', 'operator']) {
      const auth = (await signIn(context.app, await buildAccount(db(), { roleKey }))).headers;
      const response = await correct(userId, { direction: 'credit', amount: '1.00', reason: 'No' }, { auth });
      expect(response.statusCode, roleKey).toBe(403);
    }
    const manager = (await signIn(context.app, await buildAccount(db(), { roleKey: 'manager' }))).headers;
    const allowed = await correct(userId, { direction: 'credit', amount: '1.00', reason: 'Yes' }, { auth: manager });
    expect(allowed.statusCode).toBe(201);
    expect(formatSom(await expectBalanceIsLedger(db(), userId))).toBe('101.00');
  });
});
