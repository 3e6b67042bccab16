/**
 * The demo network's referrals: about one demo driver in twelve was invited by a driver who registered before them
 * (a few keen drivers invited dozens), linked by `registerReferral` as the app's registration does, at the invited
 * driver's registration time; and the bonuses of the settings screen. The demo charges come after (charges seed,
 * `bookCharges` through finishCharge) and reward each referral at the invited driver's first delivered charge after it was made:
 * the older ones end rewarded, the latest registrations mostly pending. Deterministic and idempotent: a database with
 * referrals gets none, and settings once saved are kept.
 */
import { formatSom } from '@zaryad/contracts';
import { asc, count } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { appUsers } from '../users';
import { registerReferral } from './referrals.service';
import { referralSettings, referrals } from './referrals.tables';

/** 150 som to the inviter, 50 to the invited driver. */
export const DEMO_BONUSES = { inviter: 150_00n, invited: 50_00n };
/** Percent of drivers who registered with a code. */
const INVITED_PERCENT = 8;
/** The earliest drivers (one in 50, at most 20), who invite more than their share. */
const keenInviters = (drivers: number) => Math.max(1, Math.min(20, Math.floor(drivers / 50)));

/** A well-spread hash of an index (Knuth's multiplicative constant, then an xorshift): the same on every run. */
const mix = (value: number) => {
  let hash = Math.imul(value + 1, 0x9e3779b1) >>> 0;
  hash ^= hash >>> 15;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  return (hash ^ (hash >>> 13)) >>> 0;
};

/** Seeds the demo referrals once (see the file's comment); answers the line `npm run seed:demo` prints. */
export const seedReferrals = async (db: Database, { invitedPercent = INVITED_PERCENT } = {}): Promise<string> => {
  await db
    .insert(referralSettings)
    .values({ id: 1, inviterBonus: DEMO_BONUSES.inviter, invitedBonus: DEMO_BONUSES.invited })
    .onConflictDoNothing();
  const [existing] = await db.select({ total: count() }).from(referrals);
  if ((existing?.total ?? 0) > 0) {
    return 'Referrals added: 0.';
  }
  const users = await db
    .select({ id: appUsers.id, code: appUsers.referralCode, registeredAt: appUsers.registeredAt })
    .from(appUsers)
    .orderBy(asc(appUsers.registeredAt), asc(appUsers.id));
  const keen = keenInviters(users.length);
  let added = 0;
  await db.transaction(async (tx) => {
    for (let index = keen; index < users.length; index += 1) {
      const invited = users[index];
      if (!invited || mix(index) % 100 >= invitedPercent) {
        continue;
      }
      const pool = mix(index * 3 + 1) % 100 < 40 ? keen : index;
      const inviter = users[mix(index * 7 + 2) % pool];
      if (!inviter) {
        continue;
      }
      await registerReferral(tx, { invitedUserId: invited.id, code: inviter.code, registeredAt: invited.registeredAt });
      added += 1;
    }
  });
  return `Referrals added: ${added} (bonuses ${formatSom(DEMO_BONUSES.inviter)} and ${formatSom(DEMO_BONUSES.invited)} som, rewarded by the demo charges).`;
};
