import type { Domain } from '../platform/domain';
import { accountsDomain } from './accounts';
import { alertsDomain } from './alerts';
import { auditDomain } from './audit';
import { analyticsDomain } from './analytics';
import { auditLogDomain } from './audit-log';
import { bannersDomain } from './banners';
import { chargesDomain } from './charges';
import { connectorsDomain } from './connectors';
import { geoDomain } from './geo';
import { liveDomain } from './live';
import { listSettingsDomain } from './list-settings';
import { healthDomain } from './health';
import { locationsDomain } from './locations';
import { mailDomain } from './mail';
import { mediaDomain } from './media';
import { notificationsDomain } from './notifications';
import { merchantReportDomain } from './merchant-report';
import { merchantsDomain } from './merchants';
import { ocppDomain } from './ocpp';
import { driversDomain } from './drivers';
import { partnersDomain } from './partners';
import { paymentsDomain } from './payments';
import { promoCodesDomain } from './promo-codes';
import { promotionsDomain } from './promotions';
import { ratesDomain } from './rates';
import { referralsDomain } from './referrals';
import { savedViewsDomain } from './saved-views';
import { schedulesDomain } from './schedules';
import { searchDomain } from './search';
import { settingsDomain } from './settings';
import { smsDomain } from './sms';
import { stationsDomain } from './stations';
import { surroundingsDomain } from './surroundings';
import { systemDomain } from './system';
import { tagsDomain } from './tags';
import { uptimeDomain } from './uptime';
import { usersDomain } from './users';

/**
 * Every server domain, once, each after the domains it imports: the app registers their plugins and routes in this
 * order, the start-up seed step runs their reference seeds and `npm run seed:demo` their demo seeds in it (stations
 * after merchants, rates after connectors...). A new domain adds one line here (modules/README.md).
 */
export const DOMAINS: readonly Domain[] = [
  auditDomain,
  mailDomain,
  smsDomain,
  mediaDomain,
  schedulesDomain,
  healthDomain,
  accountsDomain,
  settingsDomain,
  listSettingsDomain,
  locationsDomain,
  geoDomain,
  tagsDomain,
  surroundingsDomain,
  connectorsDomain,
  partnersDomain,
  merchantsDomain,
  ratesDomain,
  stationsDomain,
  merchantReportDomain,
  usersDomain,
  referralsDomain,
  promotionsDomain,
  chargesDomain,
  promoCodesDomain,
  ocppDomain,
  uptimeDomain,
  alertsDomain,
  analyticsDomain,
  bannersDomain,
  auditLogDomain,
  searchDomain,
  savedViewsDomain,
  liveDomain,
  notificationsDomain,
  driversDomain,
  paymentsDomain,
  systemDomain,
];
