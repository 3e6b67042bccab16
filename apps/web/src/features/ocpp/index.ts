// Charge points (OCPP 1.6J): live status and commands, shown inside the stations screens. No routes of its own.
import { lazy } from 'react';

export { chargePointKeys, useChargePointState, useLiveChargePoints } from '@/features/ocpp/api';
export const ChargePointCard = lazy(() =>
  import('@/features/ocpp/ChargePointCard').then((module) => ({ default: module.ChargePointCard })),
);
export { ChargePointStatusCell } from '@/features/ocpp/ChargePointStatusCell';
// The merchant page's site power limit card (its form, time pickers and table) loads after the page's first frame:
// the page stays within its weight (issue 32); it showed nothing until its texts arrived anyway.
export const SitePowerLimitSection = lazy(() =>
  import('@/features/ocpp/SitePowerLimitSection').then((module) => ({ default: module.SitePowerLimitSection })),
);
// The stations table's bulk charge point actions (their modals and results table) load once the table shows them.
export const BulkChargePointActions = lazy(() =>
  import('@/features/ocpp/BulkChargePointActions').then((module) => ({ default: module.BulkChargePointActions })),
);
