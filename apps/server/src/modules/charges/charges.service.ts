import {
  formatSom,
  RUNNING_CHARGE_STATUSES,
  type TCharge,
  type TChargeCloser,
  type TChargeSource,
  type TChargeStatus,
  type TChargeTotals,
  type TLanguage,
  type TPaged,
  type TPaymentMethod,
  type TPlatform,
  type ZStopChargeBody,
  type TTariffKind,
  type TTransactionStatus,
  type TCostBreakdown,
} from '@zaryad/contracts';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import type { TMessage } from '../../http/api-errors';
import type { ChargePointGateway, ChargePointPresence } from '../../platform/charge-points';
import { BOOKMARK_EVERY, pageOffset, queryListInOne } from '../../platform/list-query';
import { chargeTotals as rollupChargeTotals, totalsFromRollups } from './charge-totals';
import type { Transaction } from '../../platform/transaction';
import { recordAudit, type TActor } from '../audit';
import { stations } from '../stations';
import { appUsers } from '../users';
import { chargeCost, finishCharge, formatKwh, isRunning, runningPrices, type TChargeRow } from './charges.engine';
import type { PriceResult } from '../rates';
import { chargeConditions, CHARGES_ORDER, type TChargeFilters } from './charges.filters';
import { charges } from './charges.tables';

export type TChargeListFilter = TChargeFilters & { page: number; size: number };
type TStopBody = z.output<typeof ZStopChargeBody>;

/** What a stop did: stopped, or why not (a message key the route translates). */
export type TStopOutcome = { success: true } | { success: false; reason: TMessage };

export interface ChargesService {
  /** A page of charges; with the gateway, each running one carries its station's charge point (`charge_point`). */
  list(filter: TChargeListFilter, language: TLanguage, gateway?: ChargePointGateway): Promise<TPaged<TCharge>>;
  totals(filters: TChargeFilters): Promise<TChargeTotals>;
  /**
   * Stops a running charge: RemoteStopTransaction to its charge point when it is online (success once it accepts; the
   * charge finishes when its StopTransaction arrives). Otherwise a force finish: with `force` only, and only once the
   * charge point has been silent for OCPP_FORCE_FINISH_AFTER_S (at once when the station never had one), the charge is
   * finished at its last meter reading with the status 'stopped', flagged closed_by 'force' and audited 'force_finish'.
   */
  stop(body: TStopBody, actor: TActor, gateway?: ChargePointGateway): Promise<TStopOutcome>;
}

/** The station's name in the request's language: stations keep one per language. */
export const stationNameColumn = (language: TLanguage) =>
  language === 'en' ? stations.nameEn : language === 'ky' ? stations.nameKy : stations.nameRu;

/**
 * How a charge names its connector, in the request's language. The engine keeps `CCS2 · 60 kW` as it was at the start
 * (charges.engine.ts); Russian and Kyrgyz write the power `60 кВт` (`7,4 кВт`, with their decimal comma), as the
 * web app's glossary has it (apps/web/src/locales/glossary.ts). The list and the export read this one expression.
 */
export const connectorNameSql = (language: TLanguage) =>
  language === 'en'
    ? sql<string>`${charges.connectorName}`
    : sql<string>`regexp_replace(regexp_replace(${charges.connectorName}, '(\\d)\\.(\\d+) kW$', '\\1,\\2 kW'), ' kW$', ${sql.raw(`' ${KILOWATT_RU}'`)})`;

/** Written as a string, not inside the template: the server's bundle stays one-byte text (build.mjs). */
const KILOWATT_RU = 'кВт';

/**
 * Watt-hours a charge has delivered: booked energy once ended, the meter's progress while it runs (so the list shows a
 * running charge's consumption; the totals count booked energy only, see chargeTotals). The list and the export read
 * this one expression.
 */
export const deliveredWhSql = () =>
  sql<number>`case when ${inArray(charges.status, [...RUNNING_CHARGE_STATUSES])} then greatest(${charges.meterLastWh} - ${charges.meterStartWh}, 0) else ${charges.energyWh} end`;

/** Seconds from start to finish, or to now while it runs; never negative (a charge point's clock may lag). */
export const durationSecondsSql = () =>
  sql<number>`greatest(floor(extract(epoch from coalesce(${charges.finishedAt}, now()) - ${charges.startedAt})), 0)::int`;

/** The columns a charge row is answered from: the charge, its user's reference and its station's name. */
export const chargeRowColumns = (language: TLanguage) => ({
  charge: charges,
  userName: appUsers.name,
  userAccount: appUsers.personalAccount,
  stationName: stationNameColumn(language),
  connectorName: connectorNameSql(language),
  merchantId: stations.merchantId,
  deliveredWh: deliveredWhSql().mapWith(Number),
  durationSeconds: durationSecondsSql().mapWith(Number),
});

export interface ChargeRowSource {
  charge: TChargeRow;
  userName: string | null;
  userAccount: string | null;
  stationName: string;
  connectorName: string;
  merchantId: number;
  deliveredWh: number;
  durationSeconds: number;
}

/**
 * A running charge's cost so far (docs/product/charges.md#3-records): the energy delivered so far priced by the engine's
 * own `chargeCost` at the tariff and discount fixed at its start, never a second formula. Null once it has ended.
 */
export const runningCost = (charge: TChargeRow, priced: PriceResult | undefined): TCharge['running_cost'] => {
  if (!isRunning(charge.status)) {
    return null;
  }
  const cost = chargeCost(priced?.amount ?? 0n, charge.discountPercent, charge.discountFixed);
  return {
    amount: formatSom(cost.amount),
    discount: formatSom(cost.discount),
    total_cost: formatSom(cost.totalCost),
    meter_at: charge.meterAt.toISOString(),
  };
};

/** Rows of the list, the running ones with their cost so far. */
export const toCharges = async (db: Database, rows: ChargeRowSource[]): Promise<TCharge[]> => {
  const running = await runningPrices(
    db,
    rows.map((row) => row.charge).filter((charge) => isRunning(charge.status)),
  );
  return rows.map((row) => toCharge(row, running));
};

/** A row of the list. */
export const toCharge = (row: ChargeRowSource, running?: Map<number, PriceResult>): TCharge => {
  const { charge } = row;
  return {
    id: charge.id,
    number: charge.id,
    ocpp_transaction_id: charge.ocppTransactionId,
    user:
      charge.userId === null
        ? null
        : { id: charge.userId, name: row.userName ?? '', personal_account: row.userAccount ?? '' },
    station: { id: charge.stationId, name: row.stationName, merchant_id: row.merchantId },
    connector: { id: charge.connectorId, name: row.connectorName, ocpp_16_id: charge.connectorOcppId },
    app_version: charge.appVersion,
    platform: charge.platform === 1 || charge.platform === 2 ? (charge.platform as TPlatform) : null,
    source: charge.source as TChargeSource,
    started_at: charge.startedAt.toISOString(),
    finished_at: charge.finishedAt ? charge.finishedAt.toISOString() : null,
    duration: row.durationSeconds,
    meter_start: charge.meterStartWh,
    meter_stop: charge.meterStopWh,
    consumption_kwh: formatKwh(row.deliveredWh),
    tariff: {
      kind: charge.tariffKind as TTariffKind,
      price_per_kwh: formatSom(charge.pricePerKwh),
      rate_id: charge.rateId,
    },
    promotion_id: charge.promotionId,
    discount: formatSom(charge.discount),
    total_cost: formatSom(charge.totalCost),
    shortfall: formatSom(charge.shortfall),
    payment_method: charge.paymentMethod as TPaymentMethod,
    status: charge.status as TChargeStatus,
    transaction_status: charge.transactionStatus as TTransactionStatus | null,
    closed_by: charge.closedBy as TChargeCloser | null,
    charge_point: null,
    running_cost: runningCost(charge, running?.get(charge.id)),
    cost_breakdown: (charge.costBreakdown as TCostBreakdown | null) ?? null,
  };
};

const toPresence = (presence: ChargePointPresence): NonNullable<TCharge['charge_point']> => ({
  state: presence.state,
  silent_for: presence.silentS,
  force_finish_in: presence.forceFinishInS,
});

/** Adds their station's charge point to the running charges of a page (one query for the page). */
const withChargePoints = async (items: TCharge[], gateway: ChargePointGateway | undefined) => {
  const running = items.filter((item) => isRunning(item.status));
  if (!gateway || running.length === 0) {
    return items;
  }
  const presence = await gateway.presence([...new Set(running.map((item) => item.station.id))]);
  return items.map((item) => {
    const found = isRunning(item.status) ? presence.get(item.station.id) : undefined;
    return found ? { ...item, charge_point: toPresence(found) } : item;
  });
};

/** Whole minutes, rounded up: how long a refused force finish must still wait. */
const minutesUp = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Charge rows with their user and station, to be narrowed by a condition (`.where(…)`); in no particular order. */
export const selectChargeRows = (db: Database, language: TLanguage) =>
  db
    .select(chargeRowColumns(language))
    .from(charges)
    .innerJoin(stations, eq(stations.id, charges.stationId))
    .leftJoin(appUsers, eq(appUsers.id, charges.userId));

/**
 * The filtered set's count, booked energy, turnover (what the charges cost after their discounts) and discount. One
 * aggregate over the filtered rows: exact, summed in bigint, formatted without floating point. A running charge counts
 * in the count and adds its money and energy once it is finished and booked.
 */
export const chargeTotals = async (db: Database, filters: TChargeFilters): Promise<TChargeTotals> => {
  const where = chargeConditions(filters);
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      energyWh: sql<string>`coalesce(sum(${charges.energyWh}), 0)`,
      turnover: sql<string>`coalesce(sum(${charges.totalCost}), 0)`,
      discount: sql<string>`coalesce(sum(${charges.discount}), 0)`,
    })
    .from(charges)
    .where(where);
  const energyWh = BigInt(row?.energyWh ?? '0');
  return {
    count: Number(row?.count ?? 0),
    consumption_kwh: `${energyWh / 1000n}.${String(energyWh % 1000n).padStart(3, '0')}`,
    turnover: formatSom(BigInt(row?.turnover ?? '0')),
    discount: formatSom(BigInt(row?.discount ?? '0')),
  };
};

/** What the audit log keeps of a charge's end: its statuses and what it was booked at. */
const stopRecord = (charge: TChargeRow) => ({
  status: charge.status,
  transaction_status: charge.transactionStatus,
  finished_at: charge.finishedAt,
  consumption_kwh: formatKwh(charge.energyWh),
  total_cost: formatSom(charge.totalCost),
});

/** Values of an `IN` filter a page may be merged over: more than one, and not so many that the statement balloons. */
const MAX_PAGE_BRANCHES = 50;

/**
 * A page of several stations or several promotions is merged from one read per station or promotion over its own index
 * in the list's order (`ListSource.branches`), instead of the started index read newest first dropping every other
 * charge (promotions 2 and 3, a twenty-fifth of the charges: a page past row 100,000 read some 25,000 entries and table
 * rows from its bookmark; merged, 2,000 index entries). A number, transaction id or user selects a handful of charges
 * already; one station is one read already.
 */
const pageBranches = (filters: TChargeFilters) => {
  if (
    filters.search_by_id !== undefined ||
    filters.search_by_tx_id !== undefined ||
    filters.search_by_user_id !== undefined
  ) {
    return undefined;
  }
  const stationIds = [...new Set(filters.station_id__in ?? [])];
  const promotionIds = [...new Set(filters.promotion_id__in ?? [])];
  const [key, values] =
    stationIds.length > 0 ? (['station_id__in', stationIds] as const) : (['promotion_id__in', promotionIds] as const);
  return values.length > 1 && values.length <= MAX_PAGE_BRANCHES
    ? values.flatMap((value) => chargeConditions({ ...filters, [key]: [value] }) ?? [])
    : undefined;
};

export const createChargesService = (db: Database): ChargesService => ({
  async list(filter, language, gateway) {
    const { page, size, ...filters } = filter;
    // A page within the first 1,000 rows takes its exact total from the rollups when they hold the filters: running
    // charges write their meter values all day, and each write would otherwise make the next first page recount.
    // A deeper page is counted with its bookmarks, remembered while the charges are unchanged.
    // Stations are counted over their index instead: a few stations' charges are a few index pages, while their rows
    // of the station rollup (nearly one per charge) lie scattered over the table.
    const total =
      pageOffset(page, size) < BOOKMARK_EVERY && totalsFromRollups(filters) && !filters.station_id__in?.length
        ? async () => (await rollupChargeTotals(db, filters)).count
        : undefined;
    const source = {
      table: charges,
      id: charges.id,
      where: chargeConditions(filters),
      order: CHARGES_ORDER,
      branches: pageBranches(filters),
      // Remembered per version of the charges (bumped by every write of a filtered column): a first page paged back to
      // reads the version only (a rollup sum is 10-40 ms at 10,000,000 charges).
      ...(total && { total, rememberTotal: true }),
    };
    // The page's ids and their rows in one statement (the list's order again on its ten rows).
    const paged = await queryListInOne(db, source, { page, size }, async (ids) =>
      toCharges(
        db,
        await selectChargeRows(db, language)
          .where(inArray(charges.id, ids))
          .orderBy(...CHARGES_ORDER.columns.map((column) => desc(column))),
      ),
    );
    return { ...paged, items: await withChargePoints(paged.items, gateway) };
  },

  // From the rollups when the filters allow (charge-totals.ts); chargeTotals below is the raw rows' answer.
  totals: (filters) => rollupChargeTotals(db, filters),

  async stop(body, actor, gateway) {
    const [charge] = await db
      .select({
        userId: charges.userId,
        status: charges.status,
        stationId: charges.stationId,
        ocppTransactionId: charges.ocppTransactionId,
      })
      .from(charges)
      .where(eq(charges.id, body.transaction_id));
    if (!charge) {
      return { success: false, reason: 'charge_not_found' };
    }
    // Someone else's charge is refused before its state is told: the caller learns nothing about it.
    if (body.user_id !== undefined && charge.userId !== body.user_id) {
      return { success: false, reason: 'charge_of_another_user' };
    }
    if (!isRunning(charge.status)) {
      return { success: false, reason: 'charge_not_running' };
    }
    const presence = gateway ? (await gateway.presence([charge.stationId])).get(charge.stationId) : undefined;
    if (gateway && presence?.state === 'online') {
      const outcome = await gateway.send({
        stationId: charge.stationId,
        action: 'RemoteStopTransaction',
        payload: { transactionId: charge.ocppTransactionId },
        accountId: actor.id,
      });
      return outcome.status === 'accepted' ? { success: true } : { success: false, reason: 'charge_stop_failed' };
    }
    // The charge point is gone (or there never was one): closed without it only when the caller says so, and only
    // after it has been silent long enough that it is not merely a short drop of its connection.
    if (!body.force) {
      return { success: false, reason: 'charge_force_required' };
    }
    if (presence && presence.forceFinishInS > 0) {
      return { success: false, reason: `charge_point_silent_too_short:${minutesUp(presence.forceFinishInS)}` };
    }
    const silence = { charge_point: presence?.state ?? 'none', silent_for: presence?.silentS ?? null };
    // The engine locks the row and checks again: of two concurrent stops, the second finds it ended and books nothing.
    const result = await finishCharge(db, {
      chargeId: body.transaction_id,
      status: 'stopped',
      closedBy: 'force',
      accountId: actor.id,
      afterFinish: (tx: Transaction, ended, before) =>
        recordAudit(tx, {
          actor,
          action: 'force_finish',
          entity: 'charge',
          entityId: ended.id,
          before: { ...stopRecord(before), closed_by: null },
          after: { ...stopRecord(ended), closed_by: ended.closedBy, ...silence },
        }),
    });
    if (!result) {
      return { success: false, reason: 'charge_not_found' };
    }
    return result.finished ? { success: true } : { success: false, reason: 'charge_not_running' };
  },
});
