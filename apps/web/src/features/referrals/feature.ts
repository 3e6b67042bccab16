import type { TFeature } from '@/app/feature';
import { referralsRoutes } from '@/features/referrals/routes';

/** Referrals: the list with its filters and export; the bonuses' card of the settings screen; a user's referral. */
export const referralsFeature: TFeature = { routes: referralsRoutes, menu: ['referrals'] };
