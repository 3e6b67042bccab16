/**
 * What each alert rule sees now (docs/product/alerts.md, section 3), over the whole network or one station: the
 * conditions that hold, each with its signal. The evaluation (alerts.evaluate.ts) opens or folds their incidents and
 * clears the ones no longer seen.
 */
import { type TAlertRule, type TAlertThresholds, ALERT_RULE_DEFAULTS, formatSom } from '@zaryad/contracts';
import { and, eq, gt, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { bishkekDayStart, bishkekToday } from '../../platform/bishkek-time';
import type { Transaction } from '../../platform/transaction';
import { charges } from '../charges';
import { chargePointCommands, chargePointConnectors, chargePoints, chargePointStatusHistory, isOnline } from '../ocpp';
import { stations } from '../stations';
import type { Condition } from './alerts.incidents';

type Tx = Transaction | Database;

/** Where a rule looks: the whole network, or one station (an OCPP event). */
/** What a rule looks at: the whole network, or only these stations (the listener's stations whose events arrived). */
export interface Scope {
  stationIds?: number[];
}

const MINUTE_MS = 60_000;
/** How far back the failures are read: a sweep every minute reads each failure many times, acting on it once. */
export const FAILURE_LOOKBACK_MS = 60 * MINUTE_MS;
const RUNNING = ['initiated', 'in_progress', 'pause'];

const thresholdOf = (
  rule: TAlertRule,
  thresholds: TAlertThresholds,
  name: 'minutes' | 'count' | 'percent' | 'minCharges',
) => thresholds[name] ?? ALERT_RULE_DEFAULTS[rule].thresholds[name] ?? 1;

const atStation = (column: typeof stations.id | typeof charges.stationId, scope: Scope): SQL | undefined =>
  scope.stationIds === undefined ? undefined : inArray(column, scope.stationIds);

/** An active station's charge point offline (silent for three heartbeat intervals, or disconnected) past N minutes. */
const stationOffline = async (tx: Tx, thresholds: TAlertThresholds, scope: Scope, now: Date): Promise<Condition[]> => {
  const minutes = thresholdOf('station_offline', thresholds, 'minutes');
  const rows = await tx
    .select({
      stationId: chargePoints.stationId,
      merchantId: stations.merchantId,
      connectedAt: chargePoints.connectedAt,
      lastSeenAt: chargePoints.lastSeenAt,
      heartbeatIntervalS: chargePoints.heartbeatIntervalS,
    })
    .from(chargePoints)
    .innerJoin(stations, eq(stations.id, chargePoints.stationId))
    .where(
      and(
        eq(stations.status, 0),
        atStation(stations.id, scope),
        lt(chargePoints.lastSeenAt, new Date(now.getTime() - minutes * MINUTE_MS)),
      ),
    );
  return rows
    .filter((row) => row.lastSeenAt !== null && !isOnline(row, now))
    .map((row) => {
      const lastSeenAt = row.lastSeenAt as Date;
      return {
        rule: 'station_offline',
        stationId: row.stationId,
        connectorId: null,
        chargeId: null,
        userId: null,
        merchantId: row.merchantId,
        details: {
          minutes: Math.floor((now.getTime() - lastSeenAt.getTime()) / MINUTE_MS),
          last_seen_at: lastSeenAt.toISOString(),
          disconnected: row.connectedAt === null,
        },
        signal: `station_offline:${row.stationId}:${lastSeenAt.getTime()}`,
      };
    });
};

/** A connector (0: the whole charge point) whose last StatusNotification is Faulted, or Unavailable if the rule says. */
const connectorFaulted = async (tx: Tx, thresholds: TAlertThresholds, scope: Scope): Promise<Condition[]> => {
  const statuses = thresholds.includeUnavailable ? ['Faulted', 'Unavailable'] : ['Faulted'];
  const rows = await tx
    .select({
      stationId: chargePointConnectors.stationId,
      connectorId: chargePointConnectors.connectorId,
      status: chargePointConnectors.status,
      errorCode: chargePointConnectors.errorCode,
      info: chargePointConnectors.info,
      vendorErrorCode: chargePointConnectors.vendorErrorCode,
      reportedAt: chargePointConnectors.reportedAt,
      // When this status and error began: the status history's last change of the connector (a repeat writes none).
      since: sql<string | null>`(select (extract(epoch from max(${chargePointStatusHistory.at})) * 1000)::bigint::text
        from ${chargePointStatusHistory}
        where ${chargePointStatusHistory.stationId} = ${chargePointConnectors.stationId}
          and ${chargePointStatusHistory.connectorId} = ${chargePointConnectors.connectorId}
          and ${chargePointStatusHistory.kind} = 'status')`,
      merchantId: stations.merchantId,
    })
    .from(chargePointConnectors)
    .innerJoin(stations, eq(stations.id, chargePointConnectors.stationId))
    .where(and(inArray(chargePointConnectors.status, statuses), atStation(stations.id, scope)));
  return rows.map((row) => ({
    rule: 'connector_faulted',
    stationId: row.stationId,
    connectorId: row.connectorId,
    chargeId: null,
    userId: null,
    merchantId: row.merchantId,
    details: {
      status: row.status,
      error_code: row.errorCode,
      info: row.info,
      vendor_error_code: row.vendorErrorCode,
      reported_at: row.reportedAt.toISOString(),
    },
    // One report of a fault and its repeats are one signal; a new error, or a fault after a recovery, is another.
    signal: `connector_faulted:${row.stationId}:${row.connectorId}:${row.since ?? row.reportedAt.getTime()}:${row.status}:${row.errorCode}`,
  }));
};

const runningCharges = (tx: Tx, scope: Scope, condition: SQL) =>
  tx
    .select({
      id: charges.id,
      stationId: charges.stationId,
      connectorOcppId: charges.connectorOcppId,
      userId: charges.userId,
      startedAt: charges.startedAt,
      meterAt: charges.meterAt,
      meterStartWh: charges.meterStartWh,
      meterLastWh: charges.meterLastWh,
      merchantId: stations.merchantId,
    })
    .from(charges)
    .innerJoin(stations, eq(stations.id, charges.stationId))
    .where(and(inArray(charges.status, RUNNING), atStation(charges.stationId, scope), condition));

/** A running charge without a meter value for N minutes (its `meter_at`: the start, then each meter value). */
const chargeNoMeterValues = async (tx: Tx, thresholds: TAlertThresholds, scope: Scope, now: Date) => {
  const minutes = thresholdOf('charge_no_meter_values', thresholds, 'minutes');
  const rows = await runningCharges(tx, scope, lt(charges.meterAt, new Date(now.getTime() - minutes * MINUTE_MS)));
  return rows.map((row): Condition => ({
    rule: 'charge_no_meter_values',
    stationId: row.stationId,
    connectorId: row.connectorOcppId,
    chargeId: row.id,
    userId: row.userId,
    merchantId: row.merchantId,
    details: {
      minutes: Math.floor((now.getTime() - row.meterAt.getTime()) / MINUTE_MS),
      meter_at: row.meterAt.toISOString(),
    },
    signal: `charge_no_meter_values:${row.id}:${row.meterAt.getTime()}`,
  }));
};

/** A running charge started N minutes ago or more whose meter has not moved from its start. */
const chargeNoEnergy = async (tx: Tx, thresholds: TAlertThresholds, scope: Scope, now: Date) => {
  const minutes = thresholdOf('charge_no_energy', thresholds, 'minutes');
  const rows = await runningCharges(
    tx,
    scope,
    and(
      lt(charges.startedAt, new Date(now.getTime() - minutes * MINUTE_MS)),
      sql`${charges.meterLastWh} <= ${charges.meterStartWh}`,
    ) as SQL,
  );
  return rows.map((row): Condition => ({
    rule: 'charge_no_energy',
    stationId: row.stationId,
    connectorId: row.connectorOcppId,
    chargeId: row.id,
    userId: row.userId,
    merchantId: row.merchantId,
    details: {
      minutes: Math.floor((now.getTime() - row.startedAt.getTime()) / MINUTE_MS),
      started_at: row.startedAt.toISOString(),
    },
    signal: `charge_no_energy:${row.id}`,
  }));
};

/**
 * Charges that failed, from the rows that hold them (a StartTransaction refused arrives on the bus instead,
 * alerts.evaluate.ts): RemoteStartTransaction answered otherwise than Accepted (the command log), and charges that
 * ended having delivered nothing (`transaction_status` failed), over the last hour. Folded per station connector.
 */
const chargeFailed = async (tx: Tx, scope: Scope, now: Date): Promise<Condition[]> => {
  const since = new Date(now.getTime() - FAILURE_LOOKBACK_MS);
  const commands = await tx
    .select({
      id: chargePointCommands.id,
      stationId: chargePointCommands.stationId,
      request: chargePointCommands.request,
      status: chargePointCommands.status,
      response: chargePointCommands.response,
      createdAt: chargePointCommands.createdAt,
      merchantId: stations.merchantId,
    })
    .from(chargePointCommands)
    .innerJoin(stations, eq(stations.id, chargePointCommands.stationId))
    .where(
      and(
        eq(chargePointCommands.action, 'RemoteStartTransaction'),
        inArray(chargePointCommands.status, ['rejected', 'failed', 'timeout']),
        gte(chargePointCommands.createdAt, since),
        scope.stationIds === undefined ? undefined : inArray(chargePointCommands.stationId, scope.stationIds),
      ),
    );
  const ended = await tx
    .select({
      id: charges.id,
      stationId: charges.stationId,
      connectorOcppId: charges.connectorOcppId,
      userId: charges.userId,
      status: charges.status,
      merchantId: stations.merchantId,
    })
    .from(charges)
    .innerJoin(stations, eq(stations.id, charges.stationId))
    .where(
      and(gte(charges.finishedAt, since), eq(charges.transactionStatus, 'failed'), atStation(charges.stationId, scope)),
    );
  return [
    ...commands.map((row): Condition => {
      const request = (row.request ?? {}) as { connectorId?: number; idTag?: string };
      return {
        rule: 'charge_failed',
        stationId: row.stationId,
        connectorId: typeof request.connectorId === 'number' ? request.connectorId : null,
        chargeId: null,
        userId: null,
        merchantId: row.merchantId,
        details: {
          reason: 'remote_start_rejected',
          command_status: row.status,
          id_tag: request.idTag ?? null,
          at: row.createdAt.toISOString(),
        },
        signal: `charge_failed:command:${row.id}`,
      };
    }),
    ...ended.map((row): Condition => ({
      rule: 'charge_failed',
      stationId: row.stationId,
      connectorId: row.connectorOcppId,
      chargeId: null,
      userId: row.userId,
      merchantId: row.merchantId,
      details: { reason: 'ended_failed', charge_id: row.id, charge_status: row.status },
      signal: `charge_failed:charge:${row.id}`,
    })),
  ];
};

/** A station's charge point booted more than N times in the last hour (the status history's 'boot' rows). */
const stationReboots = async (tx: Tx, thresholds: TAlertThresholds, scope: Scope, now: Date) => {
  const count = thresholdOf('station_reboots', thresholds, 'count');
  const rows = await tx
    .select({
      stationId: chargePointStatusHistory.stationId,
      merchantId: stations.merchantId,
      boots: sql<number>`count(*)::int`,
      last: sql<string>`max(${chargePointStatusHistory.at})::text`,
    })
    .from(chargePointStatusHistory)
    .innerJoin(stations, eq(stations.id, chargePointStatusHistory.stationId))
    .where(
      and(
        eq(chargePointStatusHistory.kind, 'boot'),
        gt(chargePointStatusHistory.at, new Date(now.getTime() - 60 * MINUTE_MS)),
        sql`${chargePointStatusHistory.at} <= ${now.toISOString()}::timestamptz`,
        atStation(stations.id, scope),
      ),
    )
    .groupBy(chargePointStatusHistory.stationId, stations.merchantId)
    .having(sql`count(*) > ${count}`);
  return rows.map((row): Condition => ({
    rule: 'station_reboots',
    stationId: row.stationId,
    connectorId: null,
    chargeId: null,
    userId: null,
    merchantId: row.merchantId,
    details: { boots: Number(row.boots), last_boot_at: new Date(row.last).toISOString() },
    signal: `station_reboots:${row.stationId}:${Date.parse(row.last)}`,
  }));
};

/** A station's share of failed charges among the day's ended ones (started in the Bishkek day) above X %, from M. */
const failedChargeShare = async (tx: Tx, thresholds: TAlertThresholds, scope: Scope, now: Date) => {
  const percent = thresholdOf('failed_charge_share', thresholds, 'percent');
  const minCharges = thresholdOf('failed_charge_share', thresholds, 'minCharges');
  const day = bishkekToday(now);
  const rows = await tx
    .select({
      stationId: charges.stationId,
      merchantId: stations.merchantId,
      total: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${charges.transactionStatus} = 'failed'))::int`,
    })
    .from(charges)
    .innerJoin(stations, eq(stations.id, charges.stationId))
    .where(
      and(
        gte(charges.startedAt, bishkekDayStart(day)),
        sql`${charges.finishedAt} is not null`,
        atStation(charges.stationId, scope),
      ),
    )
    .groupBy(charges.stationId, stations.merchantId)
    .having(
      sql`count(*) >= ${minCharges} and (count(*) filter (where ${charges.transactionStatus} = 'failed')) * 100 > ${percent} * count(*)`,
    );
  return rows.map((row): Condition => ({
    rule: 'failed_charge_share',
    stationId: row.stationId,
    connectorId: null,
    chargeId: null,
    userId: null,
    merchantId: row.merchantId,
    details: {
      day,
      charges: Number(row.total),
      failed: Number(row.failed),
      percent: Math.round((Number(row.failed) * 1000) / Number(row.total)) / 10,
    },
    signal: `failed_charge_share:${row.stationId}:${day}:${row.failed}:${row.total}`,
  }));
};

/** Users whose balance differs from their ledger (the seed's --check, seed/check.ts: sum and newest deposit). */
export const ledgerMismatches = async (tx: Tx): Promise<{ userId: number; balance: string; sum: string }[]> => {
  const result = await tx.execute(
    sql`select u.id, u.balance::text as balance, coalesce(l.sum, 0)::text as sum
        from app_users u
        left join (select user_id, sum(credit - debit) as sum,
                          (array_agg(deposit order by created_at desc, id desc))[1] as last
                   from balance_entries group by user_id) l on l.user_id = u.id
        where u.balance <> coalesce(l.sum, 0) or u.balance <> coalesce(l.last, 0)
        order by u.id`,
  );
  return (result as unknown as { rows: { id: number; balance: string; sum: string }[] }).rows.map((row) => ({
    userId: Number(row.id),
    balance: row.balance,
    sum: row.sum,
  }));
};

/**
 * Card payments (issue 39) whose ledger disagrees: a paid payment without its one top-up entry of its amount, or a
 * top-up entry naming a payment that is not paid (the payments domain's reconciliation lists them in full).
 */
export const paymentLedgerMismatches = async (tx: Tx): Promise<number> => {
  const result = await tx.execute(
    sql`select count(*)::int as count from card_payments p
        where (p.status = 'paid') <> exists (select 1 from balance_entries e
                                             where e.payment_id = p.id and e.basis = 'top_up' and e.credit = p.amount)`,
  );
  return Number((result as unknown as { rows: { count: number }[] }).rows[0]?.count ?? 0);
};

/** The ledger check as a condition: one network-wide incident while any balance or card payment differs from its ledger. */
export const ledgerMismatch = async (tx: Tx, now: Date): Promise<Condition[]> => {
  const wrong = await ledgerMismatches(tx);
  const payments = await paymentLedgerMismatches(tx);
  if (wrong.length === 0 && payments === 0) {
    return [];
  }
  return [
    {
      rule: 'ledger_mismatch',
      stationId: null,
      connectorId: null,
      chargeId: null,
      userId: wrong[0]?.userId ?? null,
      merchantId: null,
      details: { users: wrong.length, first: wrong.slice(0, 10), payments },
      signal: `ledger_mismatch:${bishkekToday(now)}:${wrong.length}:${payments}`,
    },
  ];
};

/**
 * Card payments (issue 39) that failed or expired within the last hour: one incident each, with the driver, the
 * amount and the provider's reason; they stay until resolved by hand (a driver whose card is refused may need a call).
 */
const paymentFailed = async (tx: Tx, _thresholds: TAlertThresholds, scope: Scope, now: Date): Promise<Condition[]> => {
  if (scope.stationIds !== undefined) {
    return [];
  }
  const since = new Date(now.getTime() - FAILURE_LOOKBACK_MS);
  const result = await tx.execute(
    sql`select id, user_id, order_id, amount::text as amount, status, failure from card_payments
        where status in ('failed', 'expired') and updated_at >= ${since.toISOString()}::timestamptz
        order by id limit 500`,
  );
  const rows = (
    result as unknown as {
      rows: { id: number; user_id: number; order_id: string; amount: string; status: string; failure: string }[];
    }
  ).rows;
  return rows.map((row) => ({
    rule: 'payment_failed',
    stationId: null,
    connectorId: null,
    chargeId: null,
    userId: Number(row.user_id),
    merchantId: null,
    details: {
      payment_id: Number(row.id),
      order_id: row.order_id,
      amount: formatSom(row.amount),
      status: row.status,
      failure: row.failure,
    },
    signal: `payment_failed:${row.id}:${row.status}`,
  }));
};

/** The rules evaluated per station or network, as the sweep and the OCPP events run them. */
export const STATE_RULES = {
  station_offline: stationOffline,
  connector_faulted: (tx: Tx, thresholds: TAlertThresholds, scope: Scope) => connectorFaulted(tx, thresholds, scope),
  charge_no_meter_values: chargeNoMeterValues,
  charge_no_energy: chargeNoEnergy,
  charge_failed: (tx: Tx, _thresholds: TAlertThresholds, scope: Scope, now: Date) => chargeFailed(tx, scope, now),
  station_reboots: stationReboots,
  failed_charge_share: failedChargeShare,
  payment_failed: paymentFailed,
} satisfies Partial<
  Record<TAlertRule, (tx: Tx, thresholds: TAlertThresholds, scope: Scope, now: Date) => Promise<Condition[]>>
>;
