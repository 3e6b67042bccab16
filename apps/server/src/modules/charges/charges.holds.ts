/**
 * Holds (docs/product/payments.md#holds): a charge paid from the balance reserves part of it while it runs, so that the
 * balance pays for it and for the driver's other charges together, and the driver never ends below zero.
 *
 * - At the start (startCharge) the charge holds what it wants (HOLD_MODE: `estimate`, the price at the start times the
 *   connector's power for HOLD_MINUTES; or `fixed`, HOLD_AMOUNT som), never more than is available: the balance less the
 *   driver's other holds, read under the driver's row lock.
 * - While it runs, the holds job (modules/ocpp, ocpp.holds.ts, every HOLD_CHECK_S) prices it (runningPrices) and applies
 *   `nextHold`: when the cost so far and the cost of the next two checks at full power (`lead`) no longer fit in the
 *   hold, the hold rises by what is available; when it cannot rise enough, the charge point is told to stop.
 * - At the finish (finishCharge) the debit is the cost, never more than the balance less the driver's other holds: what
 *   it cannot take is the charge's shortfall. The hold is released in the same transaction.
 *
 * Every change of a hold and every debit of a charge takes the driver's row lock first (`lockDriver`): two charges of
 * one driver, a refund and a correction queue there, and the sum of holds never passes the balance.
 */
import type { Transaction } from '../../platform/transaction';
import { chargeHolds, heldBy, lockDriver } from '../users';

export interface HoldConfig {
  mode: 'estimate' | 'fixed';
  /** HOLD_AMOUNT: the fixed hold, and the estimate's when the connector's power is unknown. */
  fixedTyiyn: bigint;
  /** HOLD_MINUTES: the estimate's minutes at full power. */
  minutes: number;
  /** HOLD_CHECK_S: how often the holds job looks at running charges. */
  checkSeconds: number;
}

const positiveInteger = (value: string | undefined, fallback: number) => {
  const parsed = Number(value);
  return value !== undefined && value.trim() !== '' && Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
};

/** The holds' settings from the environment (README.md, Configuration). */
export const readHoldConfig = (env: NodeJS.ProcessEnv = process.env): HoldConfig => {
  const amount = /^\d{1,7}(?:\.\d{1,2})?$/.exec(env.HOLD_AMOUNT?.trim() ?? '')?.[0];
  const [whole = '300', fraction = ''] = (amount ?? '300').split('.');
  return {
    mode: env.HOLD_MODE?.trim().toLowerCase() === 'fixed' ? 'fixed' : 'estimate',
    fixedTyiyn: BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0')),
    minutes: positiveInteger(env.HOLD_MINUTES, 30),
    checkSeconds: positiveInteger(env.HOLD_CHECK_S, 15),
  };
};

/** Integer division rounding up, for non-negative values. */
const divideUp = (numerator: bigint, denominator: bigint) => (numerator + denominator - 1n) / denominator;

/** Tyiyn of `seconds` at `powerW` and `pricePerKwh` tyiyn a kWh, rounded up. */
const costOfSeconds = (pricePerKwh: bigint, powerW: number, seconds: number) =>
  divideUp(pricePerKwh * BigInt(Math.max(0, Math.round(powerW))) * BigInt(seconds), 3_600_000n);

/** What a new charge wants held: the fixed amount, or its estimate (the fixed amount when the estimate is 0). */
export const wantedHold = (config: HoldConfig, pricePerKwh: bigint, powerW: number): bigint => {
  if (config.mode === 'fixed') {
    return config.fixedTyiyn;
  }
  const estimate = costOfSeconds(pricePerKwh, powerW, config.minutes * 60);
  return estimate > 0n ? estimate : config.fixedTyiyn;
};

/** What the hold must cover beyond the cost so far: two checks at the connector's full power (at least 1 tyiyn). */
export const holdLead = (config: HoldConfig, pricePerKwh: bigint, powerW: number): bigint => {
  const lead = costOfSeconds(pricePerKwh, powerW, 2 * config.checkSeconds);
  return lead > 0n ? lead : 1n;
};

export interface HoldState {
  /** The charge's hold now. */
  hold: bigint;
  /** Its cost so far (after its discount). */
  cost: bigint;
  /** The driver's balance less all their holds (this one included): what a rise may take. */
  available: bigint;
  /** holdLead. */
  lead: bigint;
}

export interface HoldDecision {
  /** The hold after this check: never lower than before, never more than before plus what was available. */
  hold: bigint;
  /** The hold cannot cover the cost so far and the lead: the charge must stop. */
  stop: boolean;
}

/**
 * The hold rule, pure (`charges.holds.test.ts` checks its properties over random meter sequences and tariffs): a hold
 * that still covers the cost so far and the lead stays; else it rises to cover them and one lead more, by at most what
 * is available; a hold that even so cannot cover them stops the charge.
 */
export const nextHold = ({ hold, cost, available, lead }: HoldState): HoldDecision => {
  const need = cost + lead;
  if (need <= hold) {
    return { hold, stop: false };
  }
  const room = available > 0n ? available : 0n;
  const wanted = need + lead;
  const raised = wanted < hold + room ? wanted : hold + room;
  return { hold: raised, stop: raised < need };
};

/**
 * Places a new charge's hold (startCharge, in its transaction): what it wants, at most what is available. `available`
 * when the caller has read it already in this transaction, under the driver's row lock (the balance less their holds).
 */
export const placeHold = async (
  tx: Transaction,
  charge: { id: number; userId: number; pricePerKwh: bigint; connectorPowerW: number; available?: bigint },
  config: HoldConfig = readHoldConfig(),
): Promise<bigint> => {
  const available = charge.available ?? (await lockDriver(tx, charge.userId)) - (await heldBy(tx, charge.userId));
  const wanted = wantedHold(config, charge.pricePerKwh, charge.connectorPowerW);
  const amount = available <= 0n ? 0n : wanted < available ? wanted : available;
  await tx.insert(chargeHolds).values({ chargeId: charge.id, userId: charge.userId, amount });
  return amount;
};
