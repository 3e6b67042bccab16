import type { TLanguage } from '@zaryad/contracts';
import type enAccounts from '@/locales/en/accounts';
import type enAudit from '@/locales/en/audit';
import type enAuth from '@/locales/en/auth';
import type enAlerts from '@/locales/en/lazy/alerts';
import type enAnalytics from '@/locales/en/lazy/analytics';
import type enBanners from '@/locales/en/lazy/banners';
import type enCardPayments from '@/locales/en/lazy/cardPayments';
import type enCatalogue from '@/locales/en/catalogue';
import type enCharges from '@/locales/en/charges';
import type enCommon from '@/locales/en/common';
import type enKit from '@/locales/en/kit';
import type enLayout from '@/locales/en/layout';
import type enLive from '@/locales/en/lazy/live';
import type enMap from '@/locales/en/map';
import type enMerchants from '@/locales/en/merchants';
import type enNotifications from '@/locales/en/notifications';
import type enNotificationSettings from '@/locales/en/lazy/notificationSettings';
import type enOcpp from '@/locales/en/lazy/ocpp';
import type enPartners from '@/locales/en/partners';
import type enPromotions from '@/locales/en/lazy/promotions';
import type enPromoCodes from '@/locales/en/lazy/promoCodes';
import type enRates from '@/locales/en/rates';
import type enReferrals from '@/locales/en/lazy/referrals';
import type enRoles from '@/locales/en/roles';
import type enSavedViews from '@/locales/en/savedViews';
import type enSchedule from '@/locales/en/schedule';
import type enSearch from '@/locales/en/search';
import type enSettings from '@/locales/en/settings';
import type enSmartCharging from '@/locales/en/lazy/smartCharging';
import type enSms from '@/locales/en/lazy/sms';
import type enStationForm from '@/locales/en/stationForm';
import type enStationInfo from '@/locales/en/stationInfo';
import type enStationQr from '@/locales/en/lazy/stationQr';
import type enUptime from '@/locales/en/lazy/uptime';
import type enUserDevices from '@/locales/en/lazy/userDevices';
import type enUsers from '@/locales/en/users';
import type enWallet from '@/locales/en/lazy/wallet';

/**
 * The key types of `t()`: the English files' shapes, by namespace (see i18next.d.ts). A new namespace is a file
 * in each of `en/`, `ru/`, `ky/` (loaded by file name, see bundles/) plus its line here, so its keys type-check.
 */
export type TResources = {
  common: typeof enCommon;
  auth: typeof enAuth;
  layout: typeof enLayout;
  accounts: typeof enAccounts;
  kit: typeof enKit;
  catalogue: typeof enCatalogue;
  rates: typeof enRates;
  roles: typeof enRoles;
  partners: typeof enPartners;
  settings: typeof enSettings;
  merchants: typeof enMerchants;
  schedule: typeof enSchedule;
  map: typeof enMap;
  stationInfo: typeof enStationInfo;
  stationQr: typeof enStationQr;
  stationForm: typeof enStationForm;
  audit: typeof enAudit;
  charges: typeof enCharges;
  users: typeof enUsers;
  banners: typeof enBanners;
  ocpp: typeof enOcpp;
  smartCharging: typeof enSmartCharging;
  analytics: typeof enAnalytics;
  alerts: typeof enAlerts;
  live: typeof enLive;
  promotions: typeof enPromotions;
  promoCodes: typeof enPromoCodes;
  referrals: typeof enReferrals;
  search: typeof enSearch;
  savedViews: typeof enSavedViews;
  notifications: typeof enNotifications;
  notificationSettings: typeof enNotificationSettings;
  uptime: typeof enUptime;
  sms: typeof enSms;
  userDevices: typeof enUserDevices;
  cardPayments: typeof enCardPayments;
  wallet: typeof enWallet;
};
export type TNamespace = keyof TResources;

/** One language's texts by namespace, as i18next stores them. */
export type TLanguageTexts = Record<string, object>;

// One chunk per language, loaded when that language is chosen: the entry (and so the login screen) carries
// none of the texts, and a manager downloads one language instead of three.
const LOADERS: Record<TLanguage, () => Promise<{ texts: TLanguageTexts }>> = {
  ru: () => import('@/locales/bundles/ru'),
  en: () => import('@/locales/bundles/en'),
  ky: () => import('@/locales/bundles/ky'),
};

const loading = new Map<TLanguage, Promise<TLanguageTexts>>();

/**
 * Namespaces kept out of the language chunks (`<language>/lazy/<namespace>.ts`), each a small chunk of its own: the
 * texts of a section that most sessions never open, so that the login screen and every other screen do not carry
 * them. Their feature's routes load them (`loadNamespaces`) before the screen renders; the backend of lib/i18n.ts
 * serves them like any other namespace, a language switch included.
 */
const LAZY_NAMESPACES = import.meta.glob<object>('./*/lazy/*.ts', { import: 'default' });

export const loadLazyNamespace = async (language: TLanguage, namespace: string): Promise<object | undefined> => {
  const load = LAZY_NAMESPACES[`./${language}/lazy/${namespace}.ts`];
  return load ? load() : undefined;
};

/** The texts of a language, fetched once; a failed fetch is forgotten so that the next call tries again. */
export const loadTexts = (language: TLanguage): Promise<TLanguageTexts> => {
  const pending =
    loading.get(language) ??
    LOADERS[language]().then(
      (module) => module.texts,
      (error: unknown) => {
        loading.delete(language);
        throw error;
      },
    );
  loading.set(language, pending);
  return pending;
};
