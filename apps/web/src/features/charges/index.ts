import { lazy } from 'react';

// What other screens show of charges, each loaded with the page that shows it rather than with the entry:
// a user's charges (their tab on user/{id}) and a station's last ones (its info page).
export const UserCharges = lazy(async () => ({
  default: (await import('@/features/charges/UserCharges')).UserCharges,
}));
export const StationCharges = lazy(async () => ({
  default: (await import('@/features/charges/StationCharges')).StationCharges,
}));

// A page of charges: the promo code redemption asks it for the driver's charge in progress.
export { useCharges } from '@/features/charges/api';
// The charge point panel's remote stop (features/ocpp) sends the same stop.
export { useStopCharge } from '@/features/charges/api';
