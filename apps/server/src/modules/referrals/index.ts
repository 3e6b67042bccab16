// Referrals: invited app users linked to their inviters at registration, rewarded through the ledger at the invited
// user's first delivered charge (the charges engine calls the rewards), the list at /api/v1/ads/referrals/ and the
// network's bonuses at /api/v1/settings/referrals/.
import { defineDomain } from '../../platform/domain';
import { referralsRoutes } from './referrals.routes';
import { seedReferrals } from './referrals.seed';
import { createReferralsService } from './referrals.service';
import * as referralsTables from './referrals.tables';

export { referrals, referralSettings } from './referrals.tables';
export { registerReferral, type RegisterReferral } from './referrals.service';
export { seedReferrals } from './referrals.seed';
export { readReferralBonuses, rewardReferral, type ReferralReward } from './referrals.rewards';

export const referralsDomain = defineDomain({
  name: 'referrals',
  // Two areas of the API: /ads/referrals/ and /settings/referrals/ (referrals.routes.ts).
  prefix: '/api/v1',
  tables: referralsTables,
  services: ({ db }) => ({ referrals: createReferralsService(db) }),
  routes: referralsRoutes,
  // After users in the list: the demo referrals link demo users; the demo charges (after) reward them.
  seed: { demo: async ({ db }) => seedReferrals(db) },
});
