// Charge points (OCPP 1.6J): live status and commands, shown inside the stations screens. No routes of its own.
import { lazy } from 'react';
import { loadNamespaces } from '@/lib/i18n';

export { chargePointKeys, useChargePointState, useLiveChargePoints } from '@/features/ocpp/api';
// The panel's code and its texts (its own and its smart charging section's) load side by side, not one after another:
// the panel shows a second sooner on a busy machine.
export const ChargePointCard = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/ocpp/ChargePointCard'),
    loadNamespaces('ocpp', 'smartCharging'),
  ]);
  return { default: module.ChargePointCard };
});
export { ChargePointStatusCell } from '@/features/ocpp/ChargePointStatusCell';
// The merchant page's site power limit card (its form, time pickers and table) loads after the page's first frame:
// the page stays within its weight (issue 32); it showed nothing until its texts arrived anyway.
export const SitePowerLimitSection = lazy(async () => {
  const [module] = await Promise.all([
    import('@/features/ocpp/SitePowerLimitSection'),
    loadNamespaces('smartCharging'),
  ]);
  return { default: module.SitePowerLimitSection };
});
// The stations table's bulk charge point actions (their modals and results table) load once the table shows them.
export const BulkChargePointActions = lazy(() =>
  import('@/features/ocpp/BulkChargePointActions').then((module) => ({ default: module.BulkChargePointActions })),
);
