import type { TBalanceEntry } from '@zaryad/contracts';
import type { TChargeRefunds, TLedgerResult } from '@zaryad/contracts/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, type BuiltAccount, signIn } from '../../test/builders';
import { buildCharge, buildPricedStation, chargeAuditOf } from '../../test/charge-builders';
import { expectBalanceIsLedger } from '../../test/ledger-checks';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { balanceEntries } from '../users';

// POST /users/transactions/{id}/refund/ and GET …/refunds/ (docs/product/charges.md#4-states-and-rules): what can be
// refunded is what the charge's payment debited, less its refunds; each refund one ledger credit and one audit entry.
// The station charges 20 som per kWh: 5 kWh cost 100 som.
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

/** A user holding `balance` som and a charge of theirs of 5 kWh (100 som), ended as told (paid by balance unless told). */
const endedCharge = async (
  options: { balance?: string; status?: 'finished' | 'stopped' | 'not_completed'; paymentMethod?: 'cash' } = {},
) => {
  const user = await buildUser(db());
  await buildEntry(db(), user.id, { credit: options.balance ?? '500.00' });
  const charge = await buildCharge(db(), {
    userId: user.id,
    stationId,
    meterStartWh: 0,
    ...(options.paymentMethod && { paymentMethod: options.paymentMethod }),
    finish: { status: options.status ?? 'finished', meterStopWh: 5_000 },
  });
  return { userId: user.id, chargeId: charge.id };
};

const refund = (
  chargeId: number | string,
  payload: object,
  options: { language?: string; auth?: { authorization: string }; key?: string } = {},
) =>
  context.app.inject({
    method: 'POST',
    url: `/api/v1/users/transactions/${chargeId}/refund/`,
    headers: {
      ...(options.auth ?? headers),
      'accept-language': options.language ?? 'en',
      ...(options.key !== undefined && { 'idempotency-key': options.key }),
    },
    payload,
  });

const refundsOf = async (chargeId: number) => {
  const response = await context.app.inject({
    method: 'GET',
    url: `/api/v1/users/transactions/${chargeId}/refunds/`,
    headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<TChargeRefunds>();
};

const refundEntries = (chargeId: number) =>
  db()
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.chargeId, chargeId), eq(balanceEntries.basis, 'refund')));

describe('POST /users/transactions/{id}/refund/', () => {
  it('refunds part, then the rest, each a credit with its reason by the signed-in account', async () => {
    const { userId, chargeId } = await endedCharge();
    expect(await balanceOf(db(), userId)).toBe(40_000n);
    expect(await refundsOf(chargeId)).toEqual({ total_cost: '100.00', refunded: '0.00', left: '100.00', entries: [] });

    const first = await refund(chargeId, { amount: '30.50', reason: 'Connector fault' });
    expect(first.statusCode, first.body).toBe(201);
    const firstResult = first.json<TLedgerResult>();
    expect(firstResult).toMatchObject({
      balance: '430.50',
      detail: 'Refunded 30.50 som',
      entry: {
        basis: 'refund',
        method: 'personal_balance',
        credit: '30.50',
        debit: '0.00',
        deposit: '430.50',
        comment: 'Connector fault',
        charge_id: chargeId,
        user: { id: userId },
        account: { id: finance.id },
      },
    });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(43_050n);

    const rest = await refund(chargeId, { amount: 69.5, reason: 'The rest' }, { language: 'ru' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json<TLedgerResult>()).toMatchObject({ balance: '500.00', detail: 'Возвращено 69,50 сом' });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(50_000n);

    const summary = await refundsOf(chargeId);
    expect(summary).toMatchObject({ total_cost: '100.00', refunded: '100.00', left: '0.00' });
    expect(summary.entries.map((entry: TBalanceEntry) => entry.credit)).toEqual(['30.50', '69.50']);
    expect(summary.entries[0]?.id).toBe(firstResult.entry.id);
  });

  it('refuses more than is left, in each language, and changes nothing', async () => {
    const { userId, chargeId } = await endedCharge({ status: 'stopped' });
    expect((await refund(chargeId, { amount: '60.00', reason: 'Half' })).statusCode).toBe(201);
    for (const [language, message] of [
      ['en', 'At most 40.00 som is left to refund.'],
      ['ru', 'Осталось вернуть не больше 40,00 сом.'],
      ['ky', 'Кайтарууга эң көп 40,00 сом калды.'],
    ] as const) {
      const response = await refund(chargeId, { amount: '40.01', reason: 'Too much' }, { language });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ amount: [message] });
    }
    expect(await refundEntries(chargeId)).toHaveLength(1);
    expect(await chargeAuditOf(db(), [chargeId])).toHaveLength(1);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(46_000n);
    expect(await refundsOf(chargeId)).toMatchObject({ refunded: '60.00', left: '40.00' });
  });

  it('refunds only what was debited from a charge with a shortfall', async () => {
    // 30 som on the balance, a charge of 100 som: 30 debited, 70 the shortfall never paid.
    const { userId, chargeId } = await endedCharge({ balance: '30.00' });
    expect(await balanceOf(db(), userId)).toBe(0n);
    expect(await refundsOf(chargeId)).toMatchObject({ total_cost: '100.00', refunded: '0.00', left: '30.00' });
    const over = await refund(chargeId, { amount: '30.01', reason: 'Whole cost' });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ amount: ['At most 30.00 som is left to refund.'] });
    const whole = await refund(chargeId, { amount: '30.00', reason: 'What was paid' });
    expect(whole.statusCode, whole.body).toBe(201);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(3_000n);
  });

  it('refuses a running charge, one that failed and one paid otherwise than from the balance', async () => {
    const user = await buildUser(db());
    await buildEntry(db(), user.id, { credit: '500.00' });
    const running = await buildCharge(db(), { userId: user.id, stationId, meterStartWh: 0, meterWh: 5_000 });
    const failed = await endedCharge({ status: 'not_completed' });
    const cash = await endedCharge({ paymentMethod: 'cash' });
    for (const chargeId of [running.id, failed.chargeId, cash.chargeId]) {
      for (const [language, message] of [
        ['en', 'Only an ended charge with a cost can be refunded.'],
        ['ru', 'Вернуть можно только завершённую зарядку со стоимостью.'],
        ['ky', 'Баасы бар аяктаган кубаттоону гана кайтарууга болот.'],
      ] as const) {
        const response = await refund(chargeId, { amount: '1.00', reason: 'Why not' }, { language });
        expect(response.statusCode, `${chargeId} ${response.body}`).toBe(409);
        expect(response.json()).toEqual({ detail: message });
      }
      expect(await refundEntries(chargeId)).toHaveLength(0);
      expect(await refundsOf(chargeId)).toMatchObject({ refunded: '0.00', left: '0.00', entries: [] });
    }
    expect(await refundsOf(cash.chargeId)).toMatchObject({ total_cost: '100.00', left: '0.00' });
    for (const userId of [user.id, failed.userId, cash.userId]) {
      await expectBalanceIsLedger(db(), userId);
    }
  });

  it('answers 404 for an unknown charge and 400 for a bad id or body, translated', async () => {
    const missing = await refund(999_999_999, { amount: '1.00', reason: 'Nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Charge not found' });
    const refundsOfMissing = await context.app.inject({
      method: 'GET',
      url: '/api/v1/users/transactions/999999999/refunds/',
      headers,
    });
    expect(refundsOfMissing.statusCode).toBe(404);
    expect((await refund('abc', { amount: '1.00', reason: 'x' })).statusCode).toBe(400);

    const { userId, chargeId } = await endedCharge();
    const noReason = await refund(chargeId, { amount: '1.00', reason: '   ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json()).toEqual({ reason: ['Enter the reason for the refund'] });
    const missingReason = await refund(chargeId, { amount: '1.00' }, { language: 'ru' });
    expect(missingReason.json()).toEqual({ reason: ['Укажите причину возврата'] });
    for (const amount of ['0', '-5', '1.001', 'ten', '']) {
      const response = await refund(chargeId, { amount, reason: 'Bad amount' });
      expect(response.statusCode, amount).toBe(400);
      expect(Object.keys(response.json<Record<string, string[]>>()), amount).toEqual(['amount']);
    }
    const huge = await refund(chargeId, { amount: '99999999999999999999', reason: 'Huge' });
    expect(huge.statusCode).toBe(400);
    expect(await refundEntries(chargeId)).toHaveLength(0);
    expect(await balanceOf(db(), userId)).toBe(40_000n);
  });

  it('keeps a reason of 200 characters whole in the entry and the audit log, and refuses a longer one', async () => {
    const { chargeId } = await endedCharge();
    const reason = 'Причина '.repeat(25).slice(0, 200);
    const response = await refund(chargeId, { amount: '1.00', reason });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<TLedgerResult>().entry.comment).toBe(reason.trim());
    const [audit] = await chargeAuditOf(db(), [chargeId]);
    expect(audit?.changes).toMatchObject({ reason: { before: null, after: reason.trim() } });
    const longer = await refund(chargeId, { amount: '1.00', reason: `${reason}!` });
    expect(longer.statusCode).toBe(400);
    expect(longer.json()).toEqual({ reason: ['Ensure this field has no more than 200 characters.'] });
  });

  it('audits each refund on the charge: what was refunded before and after, the amount and the reason', async () => {
    const { userId, chargeId } = await endedCharge();
    const response = await refund(chargeId, { amount: '25.00', reason: 'Slow charging' });
    const { entry } = response.json<TLedgerResult>();
    const audit = await chargeAuditOf(db(), [chargeId]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: finance.id,
      action: 'refund',
      entity: 'charge',
      entityId: String(chargeId),
      changes: {
        refunded: { before: '0.00', after: '25.00' },
        refund: { before: null, after: '25.00' },
        reason: { before: null, after: 'Slow charging' },
        user_id: { before: null, after: userId },
        balance: { before: null, after: '425.00' },
        entry_id: { before: null, after: entry.id },
      },
    });
  });

  it('answers a retry with the same Idempotency-Key once, and refuses the key for another request', async () => {
    const { userId, chargeId } = await endedCharge();
    const key = `refund-${chargeId}`;
    const first = await refund(chargeId, { amount: '10.00', reason: 'Retry' }, { key });
    const again = await refund(chargeId, { amount: '10', reason: 'Retry' }, { key, language: 'ky' });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json<TLedgerResult>().entry).toEqual(first.json<TLedgerResult>().entry);
    expect(again.json<TLedgerResult>().detail).toBe('10,00 сом кайтарылды');
    expect(await refundEntries(chargeId)).toHaveLength(1);
    const other = await refund(chargeId, { amount: '11.00', reason: 'Retry' }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ detail: 'This Idempotency-Key was already used for a different request' });
    const malformed = await refund(chargeId, { amount: '1.00', reason: 'Bad key' }, { key: 'a key with spaces' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({
      detail: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters',
    });
    expect(await expectBalanceIsLedger(db(), userId)).toBe(41_000n);
  });

  it('is refused to roles without charges.refund; the list of refunds needs charges.view', async () => {
    const { userId, chargeId } = await endedCharge();
    for (const roleKey of ['analyst', 'operator']) {
      const auth = (await signIn(context.app, await buildAccount(db(), { roleKey }))).headers;
      const response = await refund(chargeId, { amount: '1.00', reason: 'Not mine to give' }, { auth });
      expect(response.statusCode, roleKey).toBe(403);
      const list = await context.app.inject({
        method: 'GET',
        url: `/api/v1/users/transactions/${chargeId}/refunds/`,
        headers: auth,
      });
      expect(list.statusCode, roleKey).toBe(200);
    }
    const anonymous = await context.app.inject({
      method: 'POST',
      url: `/api/v1/users/transactions/${chargeId}/refund/`,
      payload: { amount: '1.00', reason: 'Nobody' },
    });
    expect(anonymous.statusCode).toBe(401);
    const manager = (await signIn(context.app, await buildAccount(db(), { roleKey: 'manager' }))).headers;
    expect((await refund(chargeId, { amount: '1.00', reason: 'Manager' }, { auth: manager })).statusCode).toBe(201);
    expect(await refundEntries(chargeId)).toHaveLength(1);
    expect(await expectBalanceIsLedger(db(), userId)).toBe(40_100n);
  });
});
