import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCharge, buildPricedStation } from '../../test/charge-builders';
import { buildInvitedUser } from '../../test/referral-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { balanceOf, buildEntry, buildUser } from '../../test/user-builders';
import { referrals, referralSettings } from '../referrals';
import { balanceEntries } from '../users';
import { finishCharge } from './charges.engine';

// Two first charges of an invited user finishing at once, on PostgreSQL where they really run on separate connections
// (PGlite has one): the referral's conditional UPDATE lets one finish reward it, the other finds it rewarded.
let context: TestContext;
let stationId: number;
const db = () => context.database.db;

beforeAll(async () => {
  context = await createTestContext();
  stationId = await buildPricedStation(db(), [1, 2]);
  await db()
    .insert(referralSettings)
    .values({ id: 1, inviterBonus: 150_00n, invitedBonus: 50_00n })
    .onConflictDoNothing();
});

afterAll(async () => {
  await context.close();
});

const PAIRS = 5;

describe('concurrent first charges of invited users', () => {
  it('rewards each referral once, with one charge, and every balance equals its ledger', async () => {
    const running = await Promise.all(
      Array.from({ length: PAIRS }, async () => {
        const inviter = await buildUser(db());
        const invited = await buildInvitedUser(db(), inviter, { registeredAt: new Date(Date.now() - 3_600_000) });
        await buildEntry(db(), invited.id, { credit: '500.00' });
        // Cash charges: no debit locks the invited user's row first, so the two finishes meet on the referral.
        const [first, second] = await Promise.all(
          [1, 2].map((ocppId) =>
            buildCharge(db(), {
              userId: invited.id,
              stationId,
              connectorOcppId: ocppId,
              paymentMethod: 'cash',
              meterWh: 10_000,
            }),
          ),
        );
        return { inviter, invited, charges: [first?.id ?? 0, second?.id ?? 0] };
      }),
    );
    const results = await Promise.all(
      running.flatMap(({ charges }) =>
        charges.flatMap((chargeId) =>
          [1, 2].map(() => finishCharge(db(), { chargeId, status: 'finished', meterStopWh: 10_000 })),
        ),
      ),
    );
    expect(results.filter((result) => result?.finished)).toHaveLength(PAIRS * 2);
    for (const { inviter, invited, charges } of running) {
      const [referral] = await db().select().from(referrals).where(eq(referrals.invitedUserId, invited.id));
      expect(referral?.status).toBe('rewarded');
      expect(charges).toContain(referral?.chargeId);
      const bonuses = await db()
        .select()
        .from(balanceEntries)
        .where(
          and(inArray(balanceEntries.userId, [inviter.id, invited.id]), eq(balanceEntries.basis, 'referral_bonus')),
        );
      expect(bonuses.map((entry) => [entry.userId, entry.credit]).sort()).toEqual(
        [
          [inviter.id, 150_00n],
          [invited.id, 50_00n],
        ].sort(),
      );
      expect(await balanceOf(db(), inviter.id)).toBe(150_00n);
      expect(await balanceOf(db(), invited.id)).toBe(550_00n);
    }
  });
});
