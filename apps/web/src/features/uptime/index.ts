// Uptime (issue 35, item 5): the /uptime report, and the panels of station info and the merchant page.
import { lazy } from 'react';
import { uptimeTextsReady } from '@/features/uptime/uptimeTexts';

// The panels load with their texts once their page shows them.
export const StationUptimePanel = lazy(async () => {
  const [module] = await Promise.all([import('@/features/uptime/StationUptimePanel'), uptimeTextsReady()]);
  return { default: module.StationUptimePanel };
});
export const MerchantUptimePanel = lazy(async () => {
  const [module] = await Promise.all([import('@/features/uptime/MerchantUptimePanel'), uptimeTextsReady()]);
  return { default: module.MerchantUptimePanel };
});
