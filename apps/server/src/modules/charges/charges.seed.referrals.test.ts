import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRate } from '../../test/catalogue-builders';
import { buildMerchant } from '../../test/network-builders';
import { buildStation } from '../../test/station-builders';
import { createTestContext, type TestContext } from '../../test/test-app';
import { buildUser } from '../../test/user-builders';
import { referrals, seedReferrals } from '../referrals';
import { balanceEntries } from '../users';
import { seedCharges } from './charges.seed';

// The demo referrals (referrals' seed) rewarded by the demo charges (this domain's seed, bookCharges): each at
// the invited driver's first delivered charge after it was made, with balances that equal their ledgers.
let context: TestContext;
const db = () => context.database.db;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const NOW = new Date('2026-11-20T09:00:00Z');
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  context = await createTestContext();
  const merchant = await buildMerchant(db());
  await buildStation(db(), { merchantId: merchant.id, connectors: [{ evse_id: 1, typo: 'type2', power_kWh: 22 }] });
  await buildRate(db(), { rateType: 'default', typo: 'type2', fee: '14.00', isActive: true });
  // Drivers who registered over the last year, and two an hour ago (after every demo charge ended).
  for (let index = 0; index < 30; index += 1) {
    await buildUser(db(), { registeredAt: new Date(NOW.getTime() - (360 - index * 12) * DAY) });
  }
  for (let index = 0; index < 2; index += 1) {
    await buildUser(db(), { registeredAt: new Date(NOW.getTime() - 3600_000) });
  }
});
afterAll(async () => {
  await context.close();
});

describe('the demo referrals', () => {
  it('are linked once, then rewarded by the first delivered demo charge after each, or left pending', async () => {
    expect(await seedReferrals(db(), { invitedPercent: 100 })).toMatch(
      /^Referrals added: 31 \(bonuses 150.00 and 50.00/,
    );
    expect(await seedReferrals(db(), { invitedPercent: 100 })).toBe('Referrals added: 0.');
    await seedCharges(db(), { now: NOW, perStationDay: 4 });

    const [pending] = await db().select({ total: count() }).from(referrals).where(eq(referrals.status, 'pending'));
    const [rewarded] = await db().select({ total: count() }).from(referrals).where(eq(referrals.status, 'rewarded'));
    expect(pending?.total).toBeGreaterThanOrEqual(2);
    expect(rewarded?.total).toBeGreaterThan(20);

    // Each reward's charge is the invited driver's first delivered one that ended after the referral was made.
    const wrong = rowsOf<{ id: number }>(
      await db().execute(sql`
        select r.id from referrals r
        where r.status = 'rewarded' and r.charge_id is distinct from (
          select c.id from charges c
          where c.user_id = r.invited_user_id and c.status in ('finished', 'stopped') and c.finished_at >= r.registered_at
          order by c.finished_at, c.id limit 1)`),
    );
    expect(wrong).toEqual([]);
    const [bonuses] = await db()
      .select({ total: count() })
      .from(balanceEntries)
      .where(eq(balanceEntries.basis, 'referral_bonus'));
    expect(bonuses?.total).toBe((rewarded?.total ?? 0) * 2);
    const unequal = rowsOf<{ id: number }>(
      await db().execute(sql`
        select u.id from app_users u
        where u.balance <> coalesce((select sum(e.credit - e.debit) from balance_entries e where e.user_id = u.id), 0)`),
    );
    expect(unequal).toEqual([]);
  }, 600_000);
});
