import type { TFeature } from '@/app/feature';
import { accountsFeature } from '@/features/accounts';
import { analyticsFeature } from '@/features/analytics';
import { alertsFeature } from '@/features/alerts';
import { auditFeature } from '@/features/audit';
import { bannersFeature } from '@/features/banners';
import { cardPaymentsFeature } from '@/features/card-payments';
import { chargesFeature } from '@/features/charges';
import { infrastructureFeature } from '@/features/infrastructure';
import { liveFeature } from '@/features/live';
import { merchantsFeature } from '@/features/merchants';
import { notificationsFeature } from '@/features/notifications';
import { partnersFeature } from '@/features/partners';
import { promoCodesFeature } from '@/features/promo-codes';
import { promotionsFeature } from '@/features/promotions';
import { ratesFeature } from '@/features/rates';
import { referralsFeature } from '@/features/referrals';
import { settingsFeature } from '@/features/settings';
import { stationsFeature } from '@/features/stations';
import { tagsFeature } from '@/features/tags';
import { uptimeFeature } from '@/features/uptime';
import { usersFeature } from '@/features/users';

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
