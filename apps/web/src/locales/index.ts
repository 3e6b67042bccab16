import enAccounts from '@/locales/en/accounts';
import enAuth from '@/locales/en/auth';
import enCatalogue from '@/locales/en/catalogue';
import enCommon from '@/locales/en/common';
import enKit from '@/locales/en/kit';
import enLayout from '@/locales/en/layout';
import enPartners from '@/locales/en/partners';
import enRates from '@/locales/en/rates';
import enSettings from '@/locales/en/settings';
import enMerchants from '@/locales/en/merchants';
import enSchedule from '@/locales/en/schedule';
import enMap from '@/locales/en/map';
import enStationInfo from '@/locales/en/stationInfo';
import enStationForm from '@/locales/en/stationForm';
import kyAccounts from '@/locales/ky/accounts';
import kyAuth from '@/locales/ky/auth';
import kyCatalogue from '@/locales/ky/catalogue';
import kyCommon from '@/locales/ky/common';
import kyKit from '@/locales/ky/kit';
import kyLayout from '@/locales/ky/layout';
import kyPartners from '@/locales/ky/partners';
import kyRates from '@/locales/ky/rates';
import kySettings from '@/locales/ky/settings';
import kyMerchants from '@/locales/ky/merchants';
import kySchedule from '@/locales/ky/schedule';
import kyMap from '@/locales/ky/map';
import kyStationInfo from '@/locales/ky/stationInfo';
import kyStationForm from '@/locales/ky/stationForm';
import ruAccounts from '@/locales/ru/accounts';
import ruAuth from '@/locales/ru/auth';
import ruCatalogue from '@/locales/ru/catalogue';
import ruCommon from '@/locales/ru/common';
import ruKit from '@/locales/ru/kit';
import ruLayout from '@/locales/ru/layout';
import ruPartners from '@/locales/ru/partners';
import ruRates from '@/locales/ru/rates';
import ruSettings from '@/locales/ru/settings';
import ruMerchants from '@/locales/ru/merchants';
import ruSchedule from '@/locales/ru/schedule';
import ruMap from '@/locales/ru/map';
import ruStationInfo from '@/locales/ru/stationInfo';
import ruStationForm from '@/locales/ru/stationForm';

/**
 * Every namespace in every language, bundled with the app: the texts are small and a screen must never
 * flash untranslated keys while a namespace loads. English is the reference shape for the key types.
 */
export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    layout: enLayout,
    accounts: enAccounts,
    kit: enKit,
    catalogue: enCatalogue,
    rates: enRates,
    partners: enPartners,
    settings: enSettings,
    merchants: enMerchants,
    schedule: enSchedule,
    map: enMap,
    stationInfo: enStationInfo,
    stationForm: enStationForm,
  },
  ru: {
    common: ruCommon,
    auth: ruAuth,
    layout: ruLayout,
    accounts: ruAccounts,
    kit: ruKit,
    catalogue: ruCatalogue,
    rates: ruRates,
    partners: ruPartners,
    settings: ruSettings,
    merchants: ruMerchants,
    schedule: ruSchedule,
    map: ruMap,
    stationInfo: ruStationInfo,
    stationForm: ruStationForm,
  },
  ky: {
    common: kyCommon,
    auth: kyAuth,
    layout: kyLayout,
    accounts: kyAccounts,
    kit: kyKit,
    catalogue: kyCatalogue,
    rates: kyRates,
    partners: kyPartners,
    settings: kySettings,
    merchants: kyMerchants,
    schedule: kySchedule,
    map: kyMap,
    stationInfo: kyStationInfo,
    stationForm: kyStationForm,
  },
} as const;

export const NAMESPACES = [
  'common',
  'auth',
  'layout',
  'accounts',
  'kit',
  'catalogue',
  'rates',
  'partners',
  'settings',
  'merchants',
  'schedule',
  'map',
  'stationInfo',
  'stationForm',
] as const;
export type TNamespace = (typeof NAMESPACES)[number];
