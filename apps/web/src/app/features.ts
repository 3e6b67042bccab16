import type { TFeature } from '@/app/feature';
import { accountsFeature } from '@/features/accounts/feature';
import { analyticsFeature } from '@/features/analytics/feature';
import { alertsFeature } from '@/features/alerts/feature';
import { auditFeature } from '@/features/audit/feature';
import { bannersFeature } from '@/features/banners/feature';
import { cardPaymentsFeature } from '@/features/card-payments/feature';
import { chargesFeature } from '@/features/charges/feature';
import { infrastructureFeature } from '@/features/infrastructure/feature';
import { liveFeature } from '@/features/live/feature';
import { merchantsFeature } from '@/features/merchants/feature';
import { notificationsFeature } from '@/features/notifications/feature';
import { partnersFeature } from '@/features/partners/feature';
import { promoCodesFeature } from '@/features/promo-codes/feature';
import { promotionsFeature } from '@/features/promotions/feature';
import { ratesFeature } from '@/features/rates/feature';
import { referralsFeature } from '@/features/referrals/feature';
import { settingsFeature } from '@/features/settings/feature';
import { stationsFeature } from '@/features/stations/feature';
import { tagsFeature } from '@/features/tags/feature';
import { uptimeFeature } from '@/features/uptime/feature';
import { usersFeature } from '@/features/users/feature';

/** Every screen-bearing feature: the signed-in router and the side menu read this list, and only this list. */
export const FEATURES: readonly TFeature[] = [
  accountsFeature,
  merchantsFeature,
  uptimeFeature,
  stationsFeature,
  ratesFeature,
  tagsFeature,
  infrastructureFeature,
  partnersFeature,
  settingsFeature,
  auditFeature,
  usersFeature,
  chargesFeature,
  cardPaymentsFeature,
  bannersFeature,
  analyticsFeature,
  promotionsFeature,
  promoCodesFeature,
  referralsFeature,
  notificationsFeature,
  liveFeature,
  alertsFeature,
];
