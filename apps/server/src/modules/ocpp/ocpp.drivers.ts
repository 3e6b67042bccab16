/** Who may charge: shared by the charge points' calls, the command call and reservations (no import between them). */
import type { Database } from '../../db/client';
import type { Transaction } from '../../platform/transaction';
import { heldBy } from '../users';

export type TIdTagStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid';

/** A driver may charge while active and with a balance above the network's minimum (OCPP_MIN_BALANCE). */
export const driverMayCharge = (driver: { status: number; balance: bigint }, minBalanceTyiyn: bigint) =>
  driver.status === 0 && driver.balance > minBalanceTyiyn;

/**
 * Whether a driver may start a new charge now: active, and with what is available (the balance less what their running
 * charges hold, charges.holds.ts) above the network's minimum. The one rule of the app's start, an operator's remote
 * start, a reservation and a charge point's Authorize and StartTransaction.
 */
export const driverMayStart = async (
  db: Database | Transaction,
  driver: { userId: number; status: number; balance: bigint },
  minBalanceTyiyn: bigint,
) => driverMayCharge({ status: driver.status, balance: driver.balance - (await heldBy(db, driver.userId)) }, minBalanceTyiyn);
