/**
 * The one charges service's life cycle (DESIGN.md section 9): start a charge, take its meter values, finish it. The stop
 * action uses it now, the charge-point connection (OCPP) and the demo seed later: whoever asks, the money is computed
 * and booked here only.
 *
 * Finishing is one transaction: the charge row locked, consumption and cost from the tariff fixed at the start less the
 * discount, the balance debited through the ledger when paid by balance (a shortfall is recorded, the balance may go
 * negative), the statuses, and the station's daily rollup. A second finish finds the charge ended and changes nothing.
 */
import {
  formatSom,
  type TChargeCloser,
  type TChargeSource,
  type TChargeStatus,
  type TPaymentMethod,
  type TPlatform,
} from '@zaryad/contracts';
import { and, count, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import { formatBishkekDateTime } from '../../platform/bishkek-time';
import type { Transaction } from '../../platform/transaction';
import { connectorTypes } from '../connectors';
import {
  choosePromotion,
  loadPromotionCatalog,
  pickBest,
  promotionUse,
  promotionUses,
  settleRedemptions,
} from '../promotions';
import { rates } from '../rates';
import {
  lockPendingReferrals,
  markReferralsRewarded,
  readReferralBonuses,
  type ReferralReward,
  rewardEntries,
  rewardReferral,
} from '../referrals';
import { stationConnectors, stationDailyTotals, stations } from '../stations';
import { appUsers, balanceEntries } from '../users';
import { charges } from './charges.tables';
import { HOURLY_TOTALS_COLUMNS, hourlyTotalsOf } from './charges.rollups';

export type TChargeRow = typeof charges.$inferSelect;

const RUNNING: TChargeStatus[] = ['initiated', 'in_progress', 'pause'];
export const isRunning = (status: string) => (RUNNING as string[]).includes(status);

/** How a charge may end: the first two are charges that delivered, the rest failed ones. */
export type TEndStatus = Extract<TChargeStatus, 'finished' | 'stopped' | 'canceled' | 'not_completed' | 'unauthorized'>;

export interface StartCharge {
  userId: number | null;
  stationId: number;
  /** The OCPP connectorId (ocpp_16_id) at the station. */
  connectorOcppId: number;
  source: TChargeSource;
  paymentMethod: TPaymentMethod;
  idTag?: string | null;
  appVersion?: string;
  platform?: TPlatform | null;
  meterStartWh?: number;
  startedAt?: Date;
  /** A promotion applied to this charge: its id, a percentage and/or a fixed amount in tyiyn. */
  promotion?: { id: number; percent: number; fixedTyiyn: bigint } | null;
  /** 'initiated' until the charge point confirms (OCPP), 'in_progress' when it already runs. */
  status?: Extract<TChargeStatus, 'initiated' | 'in_progress'>;
}

/** Tyiyn of a som price kept as numeric text (`"12.50"`). */
const priceTyiyn = (fee: string) => {
  const [whole = '0', fraction = ''] = fee.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
};

/** How a charge names its connector: `CCS2 · 60 kW`, kept as it was at the start. */
const connectorLabel = (connector: { typeName: string; power: string | number }) =>
  `${connector.typeName} · ${Number(connector.power)} kW`.slice(0, 64);

/** The connector, its name and the tariff of a charge starting now: the personal tariff, else the type's default rate. */
const connectorAndTariff = async (tx: Transaction | Database, stationId: number, ocppId: number) => {
  const [connector] = await tx
    .select({
      id: stationConnectors.id,
      typo: stationConnectors.typo,
      typeName: connectorTypes.name,
      power: stationConnectors.powerKwh,
      customFee: stationConnectors.customFee,
    })
    .from(stationConnectors)
    .innerJoin(connectorTypes, eq(connectorTypes.key, stationConnectors.typo))
    .where(and(eq(stationConnectors.stationId, stationId), eq(stationConnectors.ocpp16Id, ocppId)))
    .limit(1);
  if (!connector) {
    throw new ApiError(404, `connector_not_found:${ocppId}`);
  }
  const name = connectorLabel(connector);
  if (connector.customFee !== null) {
    return { connector, name, tariffKind: 'personal' as const, price: priceTyiyn(connector.customFee) };
  }
  const [rate] = await tx
    .select({ fee: rates.fee })
    .from(rates)
    .where(and(eq(rates.typo, connector.typo), eq(rates.rateType, 'default'), eq(rates.status, 0)))
    .limit(1);
  if (!rate) {
    throw new ApiError(409, 'charge_no_tariff');
  }
  return { connector, name, tariffKind: 'default' as const, price: priceTyiyn(rate.fee) };
};

/** Starts a charge with its tariff fixed now. */
export const startCharge = async (db: Database | Transaction, start: StartCharge): Promise<TChargeRow> => {
  const { connector, name, tariffKind, price } = await connectorAndTariff(db, start.stationId, start.connectorOcppId);
  const meterStart = start.meterStartWh ?? 0;
  const [row] = await db
    .insert(charges)
    .values({
      userId: start.userId,
      stationId: start.stationId,
      connectorId: connector.id,
      connectorName: name,
      connectorOcppId: start.connectorOcppId,
      idTag: start.idTag ?? null,
      appVersion: start.appVersion ?? '',
      platform: start.platform ?? null,
      source: start.source,
      startedAt: start.startedAt ?? new Date(),
      meterStartWh: meterStart,
      meterLastWh: meterStart,
      // The server's own clock: a charge point's may lag, and staleness is measured in the server's time.
      meterAt: new Date(),
      tariffKind,
      pricePerKwh: price,
      promotionId: start.promotion?.id ?? null,
      discountPercent: start.promotion?.percent ?? 0,
      discountFixed: start.promotion?.fixedTyiyn ?? 0n,
      paymentMethod: start.paymentMethod,
      status: start.status ?? 'in_progress',
    })
    .returning();
  if (!row) {
    throw new Error('the charge was not inserted');
  }
  return row;
};

/**
 * A meter value of a running charge (OCPP MeterValues). The meter only moves forward: an older or lower value
 * changes nothing. Answers false when the charge no longer runs.
 */
export const recordMeterValue = async (db: Database, chargeId: number, meterWh: number): Promise<boolean> => {
  const updated = await db
    .update(charges)
    .set({
      meterLastWh: sql`greatest(${charges.meterLastWh}, ${meterWh})`,
      // Heard of, even when the value did not move: the charge point still reports this charge.
      meterAt: new Date(),
      status: sql`case when ${charges.status} = 'initiated' then 'in_progress' else ${charges.status} end`,
    })
    .where(and(eq(charges.id, chargeId), inArray(charges.status, RUNNING)))
    .returning({ id: charges.id });
  return updated.length > 0;
};

const rowsOfResult = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A charge that delivered energy: it ended finished or stopped (the others book none). */
const isDelivered = (draft: { end?: { status: TEndStatus } }) =>
  draft.end !== undefined && (draft.end.status === 'finished' || draft.end.status === 'stopped');

/** Integer division rounding half up, for non-negative values: rounding happens once, at the end. */
const divideHalfUp = (numerator: bigint, denominator: bigint) => (numerator * 2n + denominator) / (denominator * 2n);

/** The money of a charge that delivered `energyWh` at `pricePerKwh` tyiyn, with its discount. */
export const chargeCost = (energyWh: number, pricePerKwh: bigint, discountPercent: number, discountFixed: bigint) => {
  const amount = divideHalfUp(BigInt(energyWh) * pricePerKwh, 1000n);
  const byPercent = divideHalfUp(amount * BigInt(discountPercent), 100n);
  const wanted = byPercent + discountFixed;
  const discount = wanted > amount ? amount : wanted;
  return { amount, discount, totalCost: amount - discount };
};

export interface FinishCharge {
  chargeId: number;
  status: TEndStatus;
  /** The meter's stop value; the last value received when absent (a stop without the charge point). */
  meterStopWh?: number;
  finishedAt?: Date;
  /** The dashboard account that ended it (the stop action); null for the charge point and the seed. */
  accountId?: number | null;
  /** How it was closed; 'charge_point' unless told (its StopTransaction, the seed, a refused start). */
  closedBy?: TChargeCloser;
  /**
   * Checked on the locked row before anything changes: false leaves the charge as it is (`finished: false`). The
   * stale-charge job checks again that no meter value arrived since it chose the charge.
   */
  onlyIf?: (charge: TChargeRow) => boolean;
  /**
   * Writes that belong to this finish, in its transaction, run only when this call ended the charge (the stop action's
   * audit entry): a finish that found the charge already ended runs nothing.
   */
  afterFinish?: (tx: Transaction, ended: TChargeRow, before: TChargeRow) => Promise<void>;
}

export interface FinishResult {
  /** False when the charge had already ended: nothing was changed. */
  finished: boolean;
  charge: TChargeRow;
}

/** `"12.345"` kWh from watt-hours, without floating point. */
export const formatKwh = (wattHours: number) =>
  `${Math.trunc(wattHours / 1000)}.${String(wattHours % 1000).padStart(3, '0')}`;

/** The Bishkek day of an instant, `YYYY-MM-DD`. */
const bishkekDay = (instant: Date) => formatBishkekDateTime(instant).slice(0, 10);

/**
 * Ends a charge and books it (see the file's comment); harmless when it has already ended. Inside a transaction (a
 * scheduled job's) it runs as a savepoint of it.
 */
export const finishCharge = async (db: Database | Transaction, finish: FinishCharge): Promise<FinishResult | null> =>
  (db as Database).transaction(async (tx) => {
    const [charge] = await tx.select().from(charges).where(eq(charges.id, finish.chargeId)).for('update');
    if (!charge) {
      return null;
    }
    if (!isRunning(charge.status) || (finish.onlyIf && !finish.onlyIf(charge))) {
      return { finished: false, charge };
    }
    const delivered = finish.status === 'finished' || finish.status === 'stopped';
    const finishedAt = finish.finishedAt ?? new Date();
    const meterStop = Math.max(finish.meterStopWh ?? charge.meterLastWh, charge.meterStartWh);
    const energyWh = delivered ? meterStop - charge.meterStartWh : 0;
    // A charge without a promotion from its start gets the best one it qualifies for (modules/promotions).
    const promotion =
      delivered && charge.promotionId === null
        ? await choosePromotion(tx, {
            chargeId: charge.id,
            userId: charge.userId,
            stationId: charge.stationId,
            startedAt: charge.startedAt,
            finishedAt,
            energyWh,
            amount: chargeCost(energyWh, charge.pricePerKwh, 0, 0n).amount,
            countUserCharges: () =>
              tx.$count(
                charges,
                and(eq(charges.userId, charge.userId ?? 0), inArray(charges.status, ['finished', 'stopped'])),
              ),
          })
        : null;
    const percent = promotion?.percent ?? charge.discountPercent;
    const fixed = promotion?.fixedTyiyn ?? charge.discountFixed;
    const cost = chargeCost(energyWh, charge.pricePerKwh, percent, fixed);
    let shortfall = 0n;
    if (charge.paymentMethod === 'personal_balance' && charge.userId !== null && cost.totalCost > 0n) {
      // Dated at the finish; the ledger's trigger moves it after the user's newest entry when one is later (0033).
      const [entry] = await tx
        .insert(balanceEntries)
        .values({
          userId: charge.userId,
          createdAt: finishedAt,
          basis: 'charge_payment',
          method: 'personal_balance',
          debit: cost.totalCost,
          chargeId: charge.id,
          accountId: finish.accountId ?? null,
        })
        .returning({ deposit: balanceEntries.deposit });
      const after = entry?.deposit ?? 0n;
      // What the balance held before could not cover this much of the cost.
      shortfall = after < 0n ? (-after < cost.totalCost ? -after : cost.totalCost) : 0n;
    }
    const [ended] = await tx
      .update(charges)
      .set({
        status: finish.status,
        transactionStatus: delivered ? 'successful' : 'failed',
        finishedAt,
        meterLastWh: meterStop,
        meterStopWh: meterStop,
        energyWh,
        amount: cost.amount,
        discount: cost.discount,
        totalCost: cost.totalCost,
        shortfall,
        closedBy: finish.closedBy ?? 'charge_point',
        ...(promotion && { promotionId: promotion.id, discountPercent: percent, discountFixed: fixed }),
        updatedAt: new Date(),
      })
      .where(eq(charges.id, charge.id))
      .returning();
    await promotion?.record(tx, cost.discount);
    // A promo code's redemption that gave the promotion takes the charge; others that named it wait for the next one.
    await settleRedemptions(tx, charge.id, promotion?.redemptionId ?? null);
    if (delivered && charge.userId !== null) {
      // The invited user's first delivered charge rewards their referral, once (modules/referrals).
      await rewardReferral(tx, { invitedUserId: charge.userId, chargeId: charge.id, finishedAt });
    }
    if (delivered) {
      // The station's day rollup: reports and dashboards read these, never raw charges.
      await tx
        .insert(stationDailyTotals)
        .values({
          stationId: charge.stationId,
          day: bishkekDay(finishedAt),
          charges: 1,
          energyKwh: formatKwh(energyWh),
          turnover: formatSom(cost.totalCost),
        })
        .onConflictDoUpdate({
          target: [stationDailyTotals.stationId, stationDailyTotals.day],
          set: {
            charges: sql`${stationDailyTotals.charges} + 1`,
            energyKwh: sql`${stationDailyTotals.energyKwh} + excluded.energy_kwh`,
            turnover: sql`${stationDailyTotals.turnover} + excluded.turnover`,
          },
        });
    }
    await finish.afterFinish?.(tx, ended ?? charge, charge);
    return { finished: true, charge: ended ?? charge };
  });

/**
 * A charge booked whole by `finishChargesInBatch`: started, and ended unless `end` is absent (then it still runs, at
 * `meterLastWh`). Energy of an ended charge is what the meter delivered; a failed one books none, as in finishCharge.
 */
export interface ChargeDraft {
  userId: number | null;
  stationId: number;
  connectorOcppId: number;
  source: TChargeSource;
  paymentMethod: TPaymentMethod;
  platform: TPlatform | null;
  appVersion: string;
  idTag?: string | null;
  promotion?: { id: number; percent: number; fixedTyiyn: bigint } | null;
  startedAt: Date;
  meterStartWh: number;
  /** The meter so far of a charge still running. */
  meterLastWh?: number;
  end?: { status: TEndStatus; finishedAt: Date; energyWh: number };
}

/** A top-up booked before a balance payment (a driver tops up before charging). */
export interface TopUpBefore {
  amount: bigint;
  method: Extract<TPaymentMethod, 'cash' | 'other_card'>;
  at: Date;
}

/** A credit booked in its place in time among the batch's entries (the demo drivers' top-ups at an operator). */
export interface ScheduledCredit {
  userId: number;
  at: Date;
  amount: bigint;
  method: Extract<TPaymentMethod, 'cash' | 'other_card'>;
  comment?: string;
  accountId?: number | null;
}

export interface BatchOptions {
  /**
   * Asked before each balance payment, in finish order, with the user's balance and the payment: a top-up to book
   * first, or null. Its time should lie between the user's previous entry and this payment; one dated earlier is
   * booked at the previous entry's time. The demo seed keeps its drivers from running far into the red this way.
   */
  topUpBefore?: (userId: number, balance: bigint, payment: bigint, charge: ChargeDraft) => TopUpBefore | null;
  /** Credits to book among the charges, each before the charges that finish after it (any order given). */
  credits?: ScheduledCredit[];
  /**
   * The caller rebuilds the dashboard's rollups from all the charges afterwards (the demo seed: rebuildAnalytics): the
   * inserts skip their incremental additions (migration 0035). Leave unset otherwise.
   */
  analyticsRebuiltAfter?: boolean;
}

/** The Bishkek day of a timestamp column in SQL, as the rollups' trigger computes it (migration 0014). */
const bishkekDaySql = (column: string) => sql.raw(`(${column} at time zone 'UTC' + interval '6 hours')::date`);

const ROLLUP_ADD =
  sql.raw(`"charges" = t."charges" + excluded."charges", "energy_wh" = t."energy_wh" + excluded."energy_wh",
  "turnover" = t."turnover" + excluded."turnover", "discount" = t."discount" + excluded."discount"`);

/** Adds charges of this transaction to the three rollups, grouped: what the trigger would have added one by one. */
const addToChargeTotals = async (tx: Transaction, ids: number[]) => {
  const chosen = sql`id = any(${`{${ids.join(',')}}`}::bigint[])`;
  await tx.execute(sql`
    insert into charge_totals_daily as t
      (day, finished_day, status, source, payment_method, platform, promotion_id, charges, energy_wh, turnover, discount)
    select ${bishkekDaySql('started_at')}, ${bishkekDaySql('finished_at')}, status, source, payment_method, platform,
           promotion_id, count(*), sum(energy_wh), sum(total_cost), sum(discount)
    from charges where ${chosen}
    group by 1, 2, 3, 4, 5, 6, 7
    on conflict (day, finished_day, status, source, payment_method, platform, promotion_id) do update set ${ROLLUP_ADD}`);
  await tx.execute(sql`
    insert into charge_station_totals_daily as t
      (station_id, day, finished_day, status, source, payment_method, platform, promotion_id, charges, energy_wh,
       turnover, discount)
    select station_id, ${bishkekDaySql('started_at')}, ${bishkekDaySql('finished_at')}, status, source,
           payment_method, platform, promotion_id, count(*), sum(energy_wh), sum(total_cost), sum(discount)
    from charges where ${chosen}
    group by 1, 2, 3, 4, 5, 6, 7, 8
    on conflict (station_id, day, finished_day, status, source, payment_method, platform, promotion_id)
    do update set ${ROLLUP_ADD}`);
  await tx.execute(sql`
    insert into charge_totals_hourly as t ${HOURLY_TOTALS_COLUMNS} ${hourlyTotalsOf(chosen)}
    on conflict (finished_hour, day, finished_day, status, source, payment_method, platform, promotion_id)
    do update set ${ROLLUP_ADD}`);
};

/** Rows of one INSERT. */
const BATCH_ROWS = 2000;

/**
 * A multi-row INSERT of rows given as one JSON parameter (`json_populate_recordset` over the table's own row type):
 * the embedded database binds 30,000 parameters of a VALUES list several times slower. A column no row gives takes its
 * default; one that some rows give must be given by all (a missing value is a null). Dates go as ISO text, bigints as
 * digits.
 */
const insertAsJson = async (tx: Transaction, table: PgTable, rows: Record<string, unknown>[]) => {
  const given = Object.entries(getTableColumns(table)).filter(([key]) => rows.some((row) => row[key] !== undefined));
  const records = rows.map((row) =>
    Object.fromEntries(
      given.map(([key, column]) => {
        const value = row[key];
        return [
          column.name,
          value instanceof Date ? value.toISOString() : typeof value === 'bigint' ? String(value) : value,
        ];
      }),
    ),
  );
  const names = sql.join(
    given.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${JSON.stringify(records)}::json)`,
  );
};

const chunks = <T>(rows: T[], size: number) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, index) => rows.slice(index * size, (index + 1) * size));

type TChargeInsert = typeof charges.$inferInsert;
type TEntryInsert = typeof balanceEntries.$inferInsert;

/**
 * Inserts a batch's ledger entries, dated and with their deposits (each the balance the user's previous entry left,
 * from balances locked by this transaction), without the ledger's row trigger (zaryad.ledger_by_batch, migration
 * 0035): checks in SQL that each deposit is the user's balance plus its entries so far in date order, adds them to the
 * ledger's daily totals and moves each balance once by the sum of its entries. One user's row updated once rather than
 * once an entry: the batch's entries in a tenth of the time.
 */
const bookEntries = async (tx: Transaction, entryRows: TEntryInsert[]) => {
  if (entryRows.length === 0) {
    return;
  }
  // In time order (a stable sort: a top-up stays before the payment it precedes), numbered in that order.
  entryRows.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  const idRows = rowsOfResult<{ id: string }>(
    await tx.execute(
      sql`select nextval(pg_get_serial_sequence('balance_entries', 'id'))::text as id from generate_series(1, ${entryRows.length})`,
    ),
  );
  const ids = idRows.map((row) => row.id);
  await tx.execute(sql`select set_config('zaryad.ledger_by_batch', 'on', true)`);
  // Every row gives the comment: a column some rows give must be given by all (insertAsJson).
  for (const rows of chunks(
    entryRows.map((row, index) => ({ ...row, id: Number(ids[index]), comment: row.comment ?? '' })),
    BATCH_ROWS,
  )) {
    await insertAsJson(tx, balanceEntries, rows);
  }
  const chosen = sql`e.id = any(${`{${ids.join(',')}}`}::bigint[])`;
  const [wrong] = rowsOfResult<{ entries: number }>(
    await tx.execute(sql`
      select count(*)::int as entries from (
        select e.deposit, e.user_blocked, u.status,
               u.balance + sum(e.credit - e.debit) over (partition by e.user_id order by e.created_at, e.id) as expected
        from balance_entries e join app_users u on u.id = e.user_id where ${chosen}) x
      where deposit <> expected or user_blocked <> (status = 1)`),
  );
  if ((wrong?.entries ?? 0) > 0) {
    throw new Error(`finishChargesInBatch: ${wrong?.entries} ledger entries do not follow their users' balances`);
  }
  await tx.execute(sql`
    insert into balance_entry_totals as t (day, basis, method, shard, entries, debit, credit)
    select ${bishkekDaySql('e.created_at')}, e.basis, e.method, e.user_id % 16, count(*), sum(e.debit), sum(e.credit)
    from balance_entries e where ${chosen} group by 1, 2, 3, 4
    on conflict (day, basis, method, shard) do update
    set entries = t.entries + excluded.entries, debit = t.debit + excluded.debit, credit = t.credit + excluded.credit`);
  await tx.execute(sql`
    update app_users u set balance = u.balance + d.delta, updated_at = now()
    from (select e.user_id, sum(e.credit - e.debit) as delta from balance_entries e where ${chosen} group by 1) d
    where u.id = d.user_id`);
  await tx.execute(sql`select set_config('zaryad.ledger_by_batch', 'off', true)`);
};

/**
 * Books many charges at once, with the same money as startCharge + finishCharge one by one: the tariff each
 * connector has now (personal, else its type's default rate), chargeCost, the balance debits through the ledger in
 * the order the charges finished (each user's entries in time order, the shortfall as the balance then stood), and
 * the stations' daily rollup. One transaction; the charges' own rollups follow by their trigger. For the demo seed and
 * imports: 200,000 finishes one by one take an hour on the embedded database, this takes seconds.
 */
export const finishChargesInBatch = async (
  db: Database,
  drafts: ChargeDraft[],
  options: BatchOptions = {},
): Promise<{ charges: number; entries: number }> =>
  db.transaction(async (tx) => {
    const credits = [...(options.credits ?? [])].sort((a, b) => a.at.getTime() - b.at.getTime());
    if (drafts.length === 0 && credits.length === 0) {
      return { charges: 0, entries: 0 };
    }
    const stationIds = [...new Set(drafts.map((draft) => draft.stationId))];
    const connectorRows = await tx
      .select({
        id: stationConnectors.id,
        stationId: stationConnectors.stationId,
        ocppId: stationConnectors.ocpp16Id,
        typo: stationConnectors.typo,
        typeName: connectorTypes.name,
        power: stationConnectors.powerKwh,
        customFee: stationConnectors.customFee,
      })
      .from(stationConnectors)
      .innerJoin(connectorTypes, eq(connectorTypes.key, stationConnectors.typo))
      .where(inArray(stationConnectors.stationId, stationIds));
    const defaultFees = new Map(
      (
        await tx
          .select({ typo: rates.typo, fee: rates.fee })
          .from(rates)
          .where(and(eq(rates.rateType, 'default'), eq(rates.status, 0)))
      ).map((rate) => [rate.typo, priceTyiyn(rate.fee)]),
    );
    const tariffs = new Map<
      string,
      { connectorId: number; name: string; kind: 'personal' | 'default'; price: bigint }
    >();
    for (const connector of connectorRows) {
      const key = `${connector.stationId}:${connector.ocppId}`;
      if (tariffs.has(key)) {
        continue;
      }
      const personal = connector.customFee !== null ? priceTyiyn(connector.customFee) : undefined;
      const price = personal ?? defaultFees.get(connector.typo);
      if (price !== undefined) {
        const kind = personal !== undefined ? ('personal' as const) : ('default' as const);
        tariffs.set(key, { connectorId: connector.id, name: connectorLabel(connector), kind, price });
      }
    }

    // Pending referrals of the drivers whose charges deliver: the first such charge after each rewards it.
    const pendingReferrals = await lockPendingReferrals(tx, [
      ...new Set(drafts.flatMap((draft) => (draft.userId !== null && isDelivered(draft) ? [draft.userId] : []))),
    ]);
    const bonuses = pendingReferrals.size > 0 ? await readReferralBonuses(tx) : { inviter: 0n, invited: 0n };
    const rewards: ReferralReward[] = [];
    // The users' balances, locked: payments and bonuses are simulated in order, then booked, and must find the same
    // balances.
    const userIds = [
      ...new Set([
        ...drafts.flatMap((draft) =>
          draft.userId !== null && draft.paymentMethod === 'personal_balance' ? [draft.userId] : [],
        ),
        ...[...pendingReferrals.entries()].flatMap(([invited, referral]) => [invited, referral.inviterUserId]),
        ...credits.map((credit) => credit.userId),
      ]),
    ].sort((a, b) => a - b);
    const balances = new Map<number, bigint>();
    const blocked = new Set<number>();
    // Each user's latest entry (or registration): a user's entries are dated in the order they are booked, never
    // before the last one, so that the statement ordered by date is the order the deposits follow.
    const lastEntryAt = new Map<number, number>();
    for (const ids of chunks(userIds, 10_000)) {
      const rows = await tx
        .select({
          id: appUsers.id,
          balance: appUsers.balance,
          blocked: sql<boolean>`${appUsers.status} = 1`,
          last: sql<string>`greatest(${appUsers.registeredAt}, (select max(e.created_at) from balance_entries e where e.user_id = ${appUsers.id}))::text`,
        })
        .from(appUsers)
        .where(inArray(appUsers.id, ids))
        .for('update');
      for (const row of rows) {
        balances.set(row.id, row.balance);
        lastEntryAt.set(row.id, new Date(row.last).getTime());
        if (row.blocked) {
          blocked.add(row.id);
        }
      }
    }
    // Just after the user's previous entry when not later (by a millisecond: the text of the newest one, to the
    // microsecond, is read to the millisecond below it), as the ledger's trigger dates one (migration 0033).
    const dated = (userId: number, at: Date) => {
      const last = lastEntryAt.get(userId);
      const time = last === undefined ? at.getTime() : Math.max(at.getTime(), last + 1);
      lastEntryAt.set(userId, time);
      return time === at.getTime() ? at : new Date(time);
    };
    const entryRows: TEntryInsert[] = [];
    /**
     * Books an entry of a locked user: dated in order, its deposit the balance it leaves, as the ledger's trigger would
     * set them one by one (the batch inserts them with zaryad.ledger_by_batch and checks them, below).
     */
    const book = (entry: TEntryInsert & { createdAt: Date; credit: bigint; debit: bigint }) => {
      const deposit = (balances.get(entry.userId) ?? 0n) + entry.credit - entry.debit;
      balances.set(entry.userId, deposit);
      entryRows.push({
        ...entry,
        createdAt: dated(entry.userId, entry.createdAt),
        deposit,
        userBlocked: blocked.has(entry.userId),
      });
    };

    // The promotions, read once; a user's delivered charges before each draft, counted once then kept in order.
    const catalog = await loadPromotionCatalog(tx);
    const merchantOf = new Map(
      catalog.isEmpty
        ? []
        : (
            await tx
              .select({ id: stations.id, merchantId: stations.merchantId })
              .from(stations)
              .where(inArray(stations.id, stationIds))
          ).map((row) => [row.id, row.merchantId]),
    );
    // Counted only when a promotion asks for a minimum number of charges: one grouped query, then kept in order.
    const userDelivered = new Map<number, number>();
    if (catalog.needsChargeCounts) {
      const deliveringUsers = [
        ...new Set(drafts.flatMap((draft) => (draft.userId !== null && isDelivered(draft) ? [draft.userId] : []))),
      ];
      for (const ids of chunks(deliveringUsers, 10_000)) {
        const rows = await tx
          .select({ userId: charges.userId, delivered: count() })
          .from(charges)
          .where(and(inArray(charges.userId, ids), inArray(charges.status, ['finished', 'stopped'])))
          .groupBy(charges.userId);
        for (const row of rows) {
          userDelivered.set(row.userId ?? 0, row.delivered);
        }
      }
    }
    const deliveredBefore = (userId: number | null) => (userId === null ? 0 : (userDelivered.get(userId) ?? 0));
    const uses: (typeof promotionUses.$inferInsert)[] = [];

    const ordered = [...drafts].sort(
      (a, b) => (a.end?.finishedAt ?? a.startedAt).getTime() - (b.end?.finishedAt ?? b.startedAt).getTime(),
    );
    const idRows = rowsOfResult<{ id: string }>(
      await tx.execute(
        sql`select nextval(pg_get_serial_sequence('charges', 'id'))::text as id from generate_series(1, ${ordered.length})`,
      ),
    );
    const chargeRows: TChargeInsert[] = [];
    const days = new Map<
      string,
      { stationId: number; day: string; charges: number; energyWh: number; turnover: bigint }
    >();
    let nextCredit = 0;
    /** Books the scheduled credits dated up to `until` (all of them when absent). */
    const bookCredits = (until?: Date) => {
      for (; nextCredit < credits.length; nextCredit += 1) {
        const credit = credits[nextCredit] as ScheduledCredit;
        if (until !== undefined && credit.at > until) {
          return;
        }
        book({
          userId: credit.userId,
          createdAt: credit.at,
          basis: 'top_up',
          method: credit.method,
          credit: credit.amount,
          debit: 0n,
          comment: credit.comment ?? '',
          accountId: credit.accountId ?? null,
        });
      }
    };
    for (const [index, draft] of ordered.entries()) {
      bookCredits(draft.end?.finishedAt ?? draft.startedAt);
      const tariff = tariffs.get(`${draft.stationId}:${draft.connectorOcppId}`);
      if (!tariff) {
        throw new ApiError(409, 'charge_no_tariff');
      }
      const id = Number(idRows[index]?.id);
      const end = draft.end;
      const delivered = end !== undefined && (end.status === 'finished' || end.status === 'stopped');
      const energyWh = delivered ? end.energyWh : 0;
      // As finishCharge does: a delivered charge without a promotion from its start gets the best it qualifies for.
      const amount = chargeCost(energyWh, tariff.price, 0, 0n).amount;
      const offer =
        delivered && draft.promotion === undefined && !catalog.isEmpty && amount > 0n
          ? catalog.candidatesFor({
              stationId: draft.stationId,
              merchantId: merchantOf.get(draft.stationId) ?? 0,
              userId: draft.userId,
              startedAt: draft.startedAt,
              finishedAt: end.finishedAt,
              amount,
            })
          : null;
      const chosen = offer
        ? await pickBest(offer.candidates, {
            userId: draft.userId,
            startedAt: draft.startedAt,
            amount,
            countUserCharges: async () => deliveredBefore(draft.userId),
            redemptionOf: offer.redemptionOf,
          })
        : null;
      if (chosen?.redemptionId != null && draft.userId !== null) {
        catalog.take(draft.userId, chosen.redemptionId, id);
      }
      const promotion = draft.promotion ?? chosen;
      const percent = promotion?.percent ?? 0;
      const fixed = promotion?.fixedTyiyn ?? 0n;
      const cost = chargeCost(energyWh, tariff.price, percent, fixed);
      if (chosen && end) {
        const charge = { chargeId: id, userId: draft.userId, stationId: draft.stationId, energyWh, amount };
        uses.push(promotionUse({ ...charge, finishedAt: end.finishedAt }, chosen, cost.discount));
      }
      if (catalog.needsChargeCounts && delivered && draft.userId !== null) {
        userDelivered.set(draft.userId, deliveredBefore(draft.userId) + 1);
      }
      let shortfall = 0n;
      if (end && draft.paymentMethod === 'personal_balance' && draft.userId !== null && cost.totalCost > 0n) {
        const topUp = options.topUpBefore?.(draft.userId, balances.get(draft.userId) ?? 0n, cost.totalCost, draft);
        if (topUp && topUp.amount > 0n) {
          book({
            userId: draft.userId,
            createdAt: topUp.at,
            basis: 'top_up',
            method: topUp.method,
            credit: topUp.amount,
            debit: 0n,
          });
        }
        const after = (balances.get(draft.userId) ?? 0n) - cost.totalCost;
        shortfall = after < 0n ? (-after < cost.totalCost ? -after : cost.totalCost) : 0n;
        book({
          userId: draft.userId,
          createdAt: end.finishedAt,
          basis: 'charge_payment',
          method: 'personal_balance',
          debit: cost.totalCost,
          credit: 0n,
          chargeId: id,
        });
      }
      const referral = delivered && draft.userId !== null ? pendingReferrals.get(draft.userId) : undefined;
      if (delivered && draft.userId !== null && referral && referral.registeredAt <= end.finishedAt) {
        pendingReferrals.delete(draft.userId);
        const reward: ReferralReward = {
          referralId: referral.id,
          inviterUserId: referral.inviterUserId,
          invitedUserId: draft.userId,
          chargeId: id,
          at: end.finishedAt,
          bonuses,
        };
        rewards.push(reward);
        for (const credit of rewardEntries(reward)) {
          book({ ...credit, debit: credit.debit ?? 0n });
        }
      }
      const meterStop = draft.meterStartWh + (end ? energyWh : 0);
      chargeRows.push({
        id,
        userId: draft.userId,
        stationId: draft.stationId,
        connectorId: tariff.connectorId,
        connectorName: tariff.name,
        connectorOcppId: draft.connectorOcppId,
        idTag: draft.idTag ?? null,
        appVersion: draft.appVersion,
        platform: draft.platform,
        source: draft.source,
        startedAt: draft.startedAt,
        finishedAt: end?.finishedAt ?? null,
        meterStartWh: draft.meterStartWh,
        meterLastWh: end ? meterStop : Math.max(draft.meterLastWh ?? draft.meterStartWh, draft.meterStartWh),
        meterStopWh: end ? meterStop : null,
        // A running demo charge counts as heard of now: its stale clock starts with the seed.
        meterAt: end?.finishedAt ?? new Date(),
        energyWh,
        tariffKind: tariff.kind,
        pricePerKwh: tariff.price,
        promotionId: promotion?.id ?? null,
        discountPercent: percent,
        discountFixed: fixed,
        amount: cost.amount,
        discount: cost.discount,
        totalCost: cost.totalCost,
        shortfall,
        paymentMethod: draft.paymentMethod,
        status: end?.status ?? 'in_progress',
        transactionStatus: end ? (delivered ? 'successful' : 'failed') : null,
        closedBy: end ? 'charge_point' : null,
        updatedAt: end?.finishedAt ?? draft.startedAt,
      });
      if (delivered) {
        const day = bishkekDay(end.finishedAt);
        const key = `${draft.stationId}:${day}`;
        const total = days.get(key) ?? { stationId: draft.stationId, day, charges: 0, energyWh: 0, turnover: 0n };
        total.charges += 1;
        total.energyWh += energyWh;
        total.turnover += cost.totalCost;
        days.set(key, total);
      }
    }
    bookCredits();
    // The charges' rollups in one statement per table rather than a trigger call per charge (migration 0014): the
    // setting holds until this transaction ends.
    await tx.execute(sql`select set_config('zaryad.charge_totals_by_batch', 'on', true)`);
    // The dashboard's rollups: added by the insert's trigger, unless the caller rebuilds them afterwards (0035).
    const rebuiltAfter = options.analyticsRebuiltAfter === true ? 'on' : 'off';
    await tx.execute(sql`select set_config('zaryad.analytics_rebuilt_after', ${rebuiltAfter}, true)`);
    for (const rows of chunks(chargeRows, BATCH_ROWS)) {
      await insertAsJson(tx, charges, rows);
    }
    await tx.execute(sql`select set_config('zaryad.analytics_rebuilt_after', 'off', true)`);
    await addToChargeTotals(
      tx,
      chargeRows.map((row) => Number(row.id)),
    );
    await tx.execute(sql`select set_config('zaryad.charge_totals_by_batch', 'off', true)`);
    await bookEntries(tx, entryRows);
    await markReferralsRewarded(tx, rewards);
    for (const rows of chunks(uses, BATCH_ROWS)) {
      await tx.insert(promotionUses).values(rows);
    }
    await catalog.settle(tx);
    for (const rows of chunks([...days.values()], BATCH_ROWS)) {
      await tx
        .insert(stationDailyTotals)
        .values(
          rows.map((total) => ({
            stationId: total.stationId,
            day: total.day,
            charges: total.charges,
            energyKwh: formatKwh(total.energyWh),
            turnover: formatSom(total.turnover),
          })),
        )
        .onConflictDoUpdate({
          target: [stationDailyTotals.stationId, stationDailyTotals.day],
          set: {
            charges: sql`${stationDailyTotals.charges} + excluded.charges`,
            energyKwh: sql`${stationDailyTotals.energyKwh} + excluded.energy_kwh`,
            turnover: sql`${stationDailyTotals.turnover} + excluded.turnover`,
          },
        });
    }
    return { charges: chargeRows.length, entries: entryRows.length };
  });
