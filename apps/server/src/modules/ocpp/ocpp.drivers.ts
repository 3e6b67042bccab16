/** Who may charge: shared by the charge points' calls, the command call and reservations (no import between them). */

export type TIdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';

/** A driver may charge while active and with a balance above the network's minimum (OCPP_MIN_BALANCE). */
export const driverMayCharge = (driver: { status: number; balance: bigint }, minBalanceTyiyn: bigint) =>
  driver.status === 0 && driver.balance > minBalanceTyiyn;
