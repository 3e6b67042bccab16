import type { TReferral } from '@zaryad/contracts/referrals';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildAccount, signIn } from '../../test/builders';
import { buildCharge, finishedDraft, buildPricedStation } from '../../test/charge-builders';
import { buildInvitedUser } from '../../test/referral-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { referrals, referralSettings } from '../referrals';
import { balanceEntries } from '../users';
import { type ChargeDraft, finishCharge, bookCharges, type TEndStatus } from './charges.engine';
import { charges } from './charges.tables';

// Referral rewards booked by the charges engine (issue 14, part 6): the invited user's first delivered charge credits
// the inviter and the invited user through the ledger, once, in the finish's own transaction; charges
// booked many to a transaction (the demo seed's way) too.
let ctx: TestContext;
let stationId: number;
const db = () => ctx.database.db;
const MINUTE = 60_000;
const NOON = new Date('2026-11-20T06:00:00Z');

beforeAll(async () => {
  ctx = await createTestContext();
  stationId = await buildPricedStation(db());
});
afterAll(async () => {
  await ctx.close();
});
beforeEach(async () => {
  await db()
    .insert(referralSettings)
    .values({ id: 1, inviterBonus: 150_00n, invitedBonus: 50_00n })
    .onConflictDoUpdate({ target: referralSettings.id, set: { inviterBonus: 150_00n, invitedBonus: 50_00n } });
});

/** A charge of `kwh` by the user, paid from the balance, started at `at` and ended 30 minutes later. */
const charge = (
  userId: number,
  { kwh = 10, at = NOON, status = 'finished' }: { kwh?: number; at?: Date; status?: TEndStatus } = {},
) =>
  buildCharge(db(), {
    userId,
    stationId,
    startedAt: at,
    finish: { status, meterStopWh: kwh * 1000, finishedAt: new Date(at.getTime() + 30 * MINUTE) },
  });

const bonusEntries = (userId: number) =>
  db()
    .select()
    .from(balanceEntries)
    .where(and(eq(balanceEntries.userId, userId), eq(balanceEntries.basis, 'referral_bonus')))
    .orderBy(asc(balanceEntries.id));

/** The sum of a user's ledger: what the balance must equal. */
const ledgerSum = async (userId: number) => {
  const [row] = await db()
    .select({ sum: sql<string>`coalesce(sum(${balanceEntries.credit} - ${balanceEntries.debit}), 0)::text` })
    .from(balanceEntries)
    .where(eq(balanceEntries.userId, userId));
  return BigInt(row?.sum ?? '0');
};

const referralOf = async (invitedUserId: number) => {
  const [row] = await db().select().from(referrals).where(eq(referrals.invitedUserId, invitedUserId));
  return row;
};

/** A pair: the inviter and a user who registered with their code an hour before NOON, with 500 som on the balance. */
const pair = async () => {
  const inviter = await buildUser(db());
  const invited = await buildInvitedUser(db(), inviter, { registeredAt: new Date(NOON.getTime() - 60 * MINUTE) });
  await buildEntry(db(), invited.id, { credit: '500.00', createdAt: new Date(NOON.getTime() - 30 * MINUTE) });
  return { inviter, invited };
};

describe('the reward at the first delivered charge', () => {
  it('credits both through the ledger in the finish, and makes the referral rewarded with that charge', async () => {
    const { inviter, invited } = await pair();
    const first = await charge(invited.id);
    const referral = await referralOf(invited.id);
    expect(referral).toMatchObject({
      status: 'rewarded',
      chargeId: first.id,
      rewardedAt: first.finishedAt,
      inviterBonus: 150_00n,
      invitedBonus: 50_00n,
    });
    expect(await bonusEntries(inviter.id)).toMatchObject([
      {
        basis: 'referral_bonus',
        method: 'promotion',
        credit: 150_00n,
        debit: 0n,
        deposit: 150_00n,
        chargeId: first.id,
      },
    ]);
    // 500 - 200 for the charge + 50 of the bonus, booked after the payment.
    expect(await bonusEntries(invited.id)).toMatchObject([
      { method: 'promotion', credit: 50_00n, deposit: 350_00n, chargeId: first.id, createdAt: first.finishedAt },
    ]);
    for (const userId of [inviter.id, invited.id]) {
      expect(await balanceOf(db(), userId)).toBe(await ledgerSum(userId));
    }
    expect(await balanceOf(db(), inviter.id)).toBe(150_00n);
    expect(await balanceOf(db(), invited.id)).toBe(350_00n);

    const headers = (await signIn(ctx.app, await buildAccount(db(), { roleKey: 'superadmin' }))).headers;
    const listed = await ctx.app.inject({
      method: 'GET',
      url: `/api/v1/ads/referrals/?invited=${invited.id}`,
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(listed.json<{ items: TReferral[] }>().items).toMatchObject([
      { status: 'rewarded', charge_id: first.id, inviter_bonus: '150.00', invited_bonus: '50.00' },
    ]);
  });

  it('rewards once: finishing the charge again and the next charges book nothing more', async () => {
    const { inviter, invited } = await pair();
    const first = await charge(invited.id);
    const again = await finishCharge(db(), { chargeId: first.id, status: 'finished', meterStopWh: 20_000 });
    expect(again?.finished).toBe(false);
    await charge(invited.id, { at: new Date(NOON.getTime() + 120 * MINUTE), kwh: 5 });
    expect(await bonusEntries(inviter.id)).toHaveLength(1);
    expect(await bonusEntries(invited.id)).toHaveLength(1);
    expect((await referralOf(invited.id))?.chargeId).toBe(first.id);
    expect(await balanceOf(db(), invited.id)).toBe(500_00n - 200_00n + 50_00n - 100_00n);
  });

  it('waits for a delivered charge: a canceled one rewards nothing; an invited bonus of 0 credits the inviter only', async () => {
    const { inviter, invited } = await pair();
    await db().update(referralSettings).set({ invitedBonus: 0n });
    await charge(invited.id, { status: 'canceled' });
    expect((await referralOf(invited.id))?.status).toBe('pending');
    expect(await bonusEntries(inviter.id)).toEqual([]);
    const delivered = await charge(invited.id, { at: new Date(NOON.getTime() + 60 * MINUTE) });
    expect(await referralOf(invited.id)).toMatchObject({
      status: 'rewarded',
      chargeId: delivered.id,
      invitedBonus: 0n,
    });
    expect(await bonusEntries(inviter.id)).toHaveLength(1);
    expect(await bonusEntries(invited.id)).toEqual([]);
  });

  it('marks the referral rewarded without entries when both bonuses are 0', async () => {
    const { inviter, invited } = await pair();
    await db().update(referralSettings).set({ inviterBonus: 0n, invitedBonus: 0n });
    const first = await charge(invited.id);
    expect(await referralOf(invited.id)).toMatchObject({ status: 'rewarded', chargeId: first.id, inviterBonus: 0n });
    expect([...(await bonusEntries(inviter.id)), ...(await bonusEntries(invited.id))]).toEqual([]);
  });

  it('leaves referrals alone on the inviter’s own charges, and on a charge that ended before the referral was made', async () => {
    const { inviter, invited } = await pair();
    await buildEntry(db(), inviter.id, { credit: '500.00', createdAt: new Date(NOON.getTime() - 30 * MINUTE) });
    await charge(inviter.id);
    await charge(invited.id, { at: new Date(NOON.getTime() - 3 * 60 * MINUTE) });
    expect((await referralOf(invited.id))?.status).toBe('pending');
    expect(await bonusEntries(inviter.id)).toEqual([]);
  });
});

describe('charges booked many to a transaction (the demo seed’s way)', () => {
  const draft = (userId: number, finishedAt: Date, status: 'finished' | 'canceled' = 'finished'): ChargeDraft => {
    const finished = finishedDraft(userId, stationId, finishedAt);
    return { ...finished, end: { status, finishedAt, energyWh: 10_000 } };
  };

  it('rewards each referral at the first delivered charge after it was made, with the same ledger as one by one', async () => {
    const { inviter, invited } = await pair();
    const second = await pair();
    const at = (minutes: number) => new Date(NOON.getTime() + minutes * MINUTE);
    await bookCharges(db(), [
      draft(invited.id, at(-90)),
      draft(invited.id, at(10), 'canceled'),
      draft(invited.id, at(20)),
      draft(invited.id, at(40)),
      draft(inviter.id, at(30)),
      draft(second.invited.id, at(50)),
    ]);
    const referral = await referralOf(invited.id);
    const [rewarding] = await db()
      .select({ id: charges.id })
      .from(charges)
      .where(and(eq(charges.userId, invited.id), eq(charges.finishedAt, at(20))));
    expect(referral).toMatchObject({ status: 'rewarded', chargeId: rewarding?.id, rewardedAt: at(20) });
    expect(await referralOf(second.invited.id)).toMatchObject({ status: 'rewarded', rewardedAt: at(50) });
    // The inviter: 150 for the referral, then their own charge of 200 at +30 (after the bonus at +20) takes the 150 the
    // balance holds and no more: the other 50 is the charge's shortfall.
    const inviterEntries = await db()
      .select()
      .from(balanceEntries)
      .where(eq(balanceEntries.userId, inviter.id))
      .orderBy(asc(balanceEntries.id));
    expect(inviterEntries.map((entry) => [entry.basis, entry.credit - entry.debit, entry.deposit])).toEqual([
      ['referral_bonus', 150_00n, 150_00n],
      ['charge_payment', -150_00n, 0n],
    ]);
    expect(await bonusEntries(invited.id)).toHaveLength(1);
    expect(await bonusEntries(second.inviter.id)).toMatchObject([{ credit: 150_00n }]);
    for (const userId of [inviter.id, invited.id, second.inviter.id, second.invited.id]) {
      expect(await balanceOf(db(), userId)).toBe(await ledgerSum(userId));
    }
    // A later booking finds the referrals rewarded.
    await bookCharges(db(), [draft(invited.id, at(120))]);
    expect(await bonusEntries(inviter.id)).toHaveLength(1);
  });
});
