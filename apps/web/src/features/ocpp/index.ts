// Charge points (OCPP 1.6J): live status and commands, shown inside the stations screens. No routes of its own.
import { lazy } from 'react';

export { chargePointKeys, useChargePointState, useLiveChargePoints } from '@/features/ocpp/api';
export const ChargePointCard = lazy(() =>
  import('@/features/ocpp/ChargePointCard').then((module) => ({ default: module.ChargePointCard })),
);
export { ChargePointStatusCell } from '@/features/ocpp/ChargePointStatusCell';
export { SitePowerLimitSection } from '@/features/ocpp/SitePowerLimitSection';
