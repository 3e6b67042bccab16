/**
 * Power limits (OCPP 1.6 Smart Charging; issue 34; docs/product/ocpp.md#4-states-and-rules).
 *
 * - A station's limit is its charge point's ChargePointMaxProfile (daily, Bishkek time), sent when set and after
 *   every boot; cleared with ClearChargingProfile.
 * - A merchant site's limit is shared by the charges running at the merchant's stations: each station holds a
 *   TxDefaultProfile of 0 W (a charge draws nothing until given a share), and each running charge a TxProfile with
 *   its share, earliest-started charges first, at least POWER_SHARE_MIN_W each (a charge that cannot get it gets 0
 *   and waits). The shares are rebalanced when a charge starts or stops: cuts are sent (and answered) before raises,
 *   and a raise is sent only when the shares the server knows, with it, fit under the limit at every moment of the
 *   day, so that their sum never exceeds the limit, even for a moment. A site is rebalanced by one caller at a time:
 *   a lock in the process and, on PostgreSQL, an advisory lock on a connection of its own across processes.
 */
import type { TPowerCommandOutcome, TPowerLimitBody, TPowerWindow } from '@zaryad/contracts/ocpp-smart';
import { ZPowerLimitBody } from '@zaryad/contracts/ocpp-smart';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../../db/client';
import { ApiError } from '../../http/api-errors';
import type { ChargePointGateway, CommandOutcome } from '../../platform/charge-points';
import { accounts } from '../accounts';
import { charges } from '../charges';
import { merchantNotFound, merchants } from '../merchants';
import { stations } from '../stations';
import {
  allocateShares,
  combine,
  dailyPeriods,
  dailyProfile,
  limitAt,
  sameSchedule,
  secondOfDay,
  SITE_DEFAULT_PROFILE_ID,
  SITE_SHARE_PROFILE_ID,
  STATION_MAX_PROFILE_ID,
  fitsUnder,
} from './ocpp.smart-charging.schedule';
import { type DailyPeriod, powerLimits, powerShares } from './ocpp.smart-charging.tables';
import { createStationQueue } from './ocpp.station-queue';

type TSend = ChargePointGateway['send'];

/** The advisory lock's first key (the second is the merchant's id): distinct from the jobs' and migrations' keys. */
export const SITE_LOCK_KEY = 34_0056;
/** Charges that hold a connector (charges' own rule): a share is theirs. */
const RUNNING = ['initiated', 'in_progress', 'pause'];

const toKw = (watts: number) => Math.round(watts / 100) / 10;
const toW = (kw: number) => Math.round(kw * 1000);

const windowsOut = (windows: { from: string; to: string; limitW: number }[]): TPowerWindow[] =>
  windows.map((window) => ({ from: window.from, to: window.to, limit_kw: toKw(window.limitW) }));

const outcome = (stationId: number, action: string, result: CommandOutcome): TPowerCommandOutcome => ({
  station_id: stationId,
  action,
  status: result.status,
  response: result.response ?? null,
});

/** The PostgreSQL pool behind a Drizzle database, when it is one (PGlite has a single connection, in one process). */
const poolOf = (db: Database) => {
  const client = (db as unknown as { $client?: { totalCount?: unknown; connect?: unknown } }).$client;
  return client && typeof client.totalCount === 'number' && typeof client.connect === 'function'
    ? (client as unknown as pg.Pool)
    : null;
};

export const createSmartCharging = (
  db: Database,
  log: { warn(object: object, message: string): void } = { warn: () => undefined },
) => {
  const pool = poolOf(db);
  const queues = new Map<number, Promise<unknown>>();

  /** Runs `work` for a site while no other caller, here or in another process, works on it. */
  const withSiteLock = <T>(merchantId: number, work: () => Promise<T>): Promise<T> => {
    const locked = async () => {
      if (!pool) {
        return work();
      }
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1, $2)', [SITE_LOCK_KEY, merchantId]);
        try {
          return await work();
        } finally {
          await connection.query('select pg_advisory_unlock($1, $2)', [SITE_LOCK_KEY, merchantId]);
        }
      } finally {
        connection.release();
      }
    };
    const previous = queues.get(merchantId) ?? Promise.resolve();
    const next = previous.then(locked, locked);
    const settled = next.catch(() => undefined);
    queues.set(merchantId, settled);
    void settled.then(() => {
      if (queues.get(merchantId) === settled) {
        queues.delete(merchantId);
      }
    });
    return next;
  };

  const limitRow = async (owner: { stationId: number } | { merchantId: number }) => {
    const [row] = await db
      .select({ limit: powerLimits, firstName: accounts.firstName, lastName: accounts.lastName })
      .from(powerLimits)
      .leftJoin(accounts, eq(accounts.id, powerLimits.accountId))
      .where(
        'stationId' in owner
          ? eq(powerLimits.stationId, owner.stationId)
          : eq(powerLimits.merchantId, owner.merchantId),
      );
    return row;
  };

  const limitOut = (row: Awaited<ReturnType<typeof limitRow>>) => ({
    limit_kw: row ? toKw(row.limit.limitW) : null,
    windows: row ? windowsOut(row.limit.windows) : [],
    updated_at: row?.limit.updatedAt.toISOString() ?? null,
    account: row && row.firstName !== null ? `${row.lastName ?? ''} ${row.firstName}`.trim() : null,
  });

  const saveLimit = async (
    owner: { stationId: number } | { merchantId: number },
    input: TPowerLimitBody,
    accountId: number | null,
  ) => {
    const body = ZPowerLimitBody.parse(input);
    const values = {
      limitW: toW(body.limit_kw),
      windows: body.windows.map((window) => ({ from: window.from, to: window.to, limitW: toW(window.limit_kw) })),
      accountId,
      updatedAt: new Date(),
    };
    await db
      .insert(powerLimits)
      .values({ ...owner, ...values })
      .onConflictDoUpdate({
        target: 'stationId' in owner ? powerLimits.stationId : powerLimits.merchantId,
        set: values,
      });
    return values;
  };

  const merchantOfStation = async (stationId: number) => {
    const [row] = await db.select({ merchantId: stations.merchantId }).from(stations).where(eq(stations.id, stationId));
    return row?.merchantId ?? null;
  };

  /**
   * Whether a station and its merchant's site have a limit, in one statement for the stations asked at the moment
   * (ocpp.station-queue.ts): asked after every boot and every charge start or stop, where most stations and sites have
   * none (three statements each before, at 100 boots a second after a restart: docs/benchmarks.md, section 7).
   */
  const readLimits = createStationQueue<
    { stationId: number },
    { merchantId: number; station: boolean; site: boolean } | null
  >(async (batch) => {
    const rows = await db
      .select({
        stationId: stations.id,
        merchantId: stations.merchantId,
        station: sql<boolean>`exists (select 1 from ${powerLimits} where ${powerLimits.stationId} = ${stations.id})`,
        site: sql<boolean>`exists (select 1 from ${powerLimits} where ${powerLimits.merchantId} = ${stations.merchantId})`,
      })
      .from(stations)
      .where(
        inArray(
          stations.id,
          batch.map((asked) => asked.stationId),
        ),
      );
    return new Map(rows.map(({ stationId, ...limits }) => [stationId, limits]));
  }, null);
  const limitsOfStation = (stationId: number) => readLimits({ stationId });

  const stationsOfMerchant = async (merchantId: number) =>
    (await db.select({ id: stations.id }).from(stations).where(eq(stations.merchantId, merchantId))).map(
      (row) => row.id,
    );

  const siteLimitKw = async (merchantId: number | null) => {
    if (merchantId === null) {
      return null;
    }
    const row = await limitRow({ merchantId });
    return row ? toKw(limitAt(dailyPeriods(row.limit.limitW, row.limit.windows), secondOfDay())) : null;
  };

  const sendMaxProfile = async (send: TSend, stationId: number, accountId: number | null) => {
    const row = await limitRow({ stationId });
    if (!row) {
      return null;
    }
    const payload = dailyProfile(
      { id: STATION_MAX_PROFILE_ID, connectorId: 0, purpose: 'ChargePointMaxProfile' },
      dailyPeriods(row.limit.limitW, row.limit.windows),
    );
    return outcome(
      stationId,
      'SetChargingProfile',
      await send({ stationId, action: 'SetChargingProfile', payload, accountId }),
    );
  };

  const sendSiteDefault = async (send: TSend, stationId: number, accountId: number | null) =>
    outcome(
      stationId,
      'SetChargingProfile',
      await send({
        stationId,
        action: 'SetChargingProfile',
        payload: dailyProfile({ id: SITE_DEFAULT_PROFILE_ID, connectorId: 0, purpose: 'TxDefaultProfile' }, [
          { startPeriod: 0, limit: 0 },
        ]),
        accountId,
      }),
    );

  const clearProfile = async (send: TSend, stationId: number, id: number, accountId: number | null) =>
    outcome(
      stationId,
      'ClearChargingProfile',
      await send({ stationId, action: 'ClearChargingProfile', payload: { id }, accountId }),
    );

  /**
   * The site's shares made to fit its limit and the running charges (under the site's lock): the charges no longer
   * running lose theirs; cuts are sent first, all of them answered before any raise; a raise goes only when the shares
   * known with it fit under the limit all day. What a charge point did not accept is not written (a cut that got no
   * answer keeps the higher share; a raise that got none counts as given).
   */
  const rebalanceLocked = async (send: TSend, merchantId: number): Promise<TPowerCommandOutcome[]> => {
    const row = await limitRow({ merchantId });
    const running = await db
      .select({
        chargeId: charges.id,
        stationId: charges.stationId,
        connectorId: charges.connectorOcppId,
        transactionId: charges.ocppTransactionId,
      })
      .from(charges)
      .innerJoin(stations, eq(stations.id, charges.stationId))
      .where(
        and(
          eq(stations.merchantId, merchantId),
          inArray(charges.status, RUNNING),
          isNotNull(charges.ocppTransactionId),
        ),
      )
      .orderBy(asc(charges.startedAt), asc(charges.id));
    const known = new Map(
      (await db.select().from(powerShares).where(eq(powerShares.merchantId, merchantId))).map((share) => [
        share.chargeId,
        share,
      ]),
    );
    const gone = [...known.keys()].filter((chargeId) => !running.some((charge) => charge.chargeId === chargeId));
    if (gone.length > 0) {
      await db.delete(powerShares).where(inArray(powerShares.chargeId, gone));
    }
    if (!row) {
      return [];
    }
    const site = dailyPeriods(row.limit.limitW, row.limit.windows);
    const targets = allocateShares(site, running.length);
    const zero: DailyPeriod[] = [{ startPeriod: 0, limit: 0 }];
    const current = running.map((charge) => known.get(charge.chargeId)?.periods ?? zero);
    const results: TPowerCommandOutcome[] = [];

    const write = async (index: number, periods: DailyPeriod[]) => {
      const charge = running[index]!;
      current[index] = periods;
      const values = {
        merchantId,
        stationId: charge.stationId,
        connectorId: charge.connectorId,
        transactionId: charge.transactionId!,
        periods,
        updatedAt: new Date(),
      };
      await db
        .insert(powerShares)
        .values({ chargeId: charge.chargeId, ...values })
        .onConflictDoUpdate({ target: powerShares.chargeId, set: values });
    };

    const sendShare = async (index: number, periods: DailyPeriod[], raise: boolean) => {
      const charge = running[index]!;
      const answer = await send({
        stationId: charge.stationId,
        action: 'SetChargingProfile',
        payload: dailyProfile(
          {
            id: SITE_SHARE_PROFILE_ID + charge.connectorId,
            connectorId: charge.connectorId,
            purpose: 'TxProfile',
            transactionId: charge.transactionId!,
          },
          periods,
        ),
        accountId: null,
      });
      results.push(outcome(charge.stationId, 'SetChargingProfile', answer));
      if (answer.status === 'accepted') {
        await write(index, periods);
      } else if (raise && (answer.status === 'timeout' || answer.status === 'failed')) {
        // It may hold the raise: counted as given, so that no other raise relies on it not being.
        await write(index, combine(current[index]!, periods, Math.max));
      }
    };

    // Cuts: every share down to the lower of what it has and what it is to get.
    await Promise.all(
      running.map(async (_, index) => {
        const lower = combine(current[index]!, targets[index]!, Math.min);
        if (!sameSchedule(lower, current[index]!)) {
          await sendShare(index, lower, false);
        }
      }),
    );
    // Raises: in start order, each only if the shares with it fit under the limit.
    const planned = [...current];
    const raises: number[] = [];
    running.forEach((_, index) => {
      if (sameSchedule(targets[index]!, current[index]!)) {
        return;
      }
      const trial = [...planned];
      trial[index] = combine(current[index]!, targets[index]!, Math.max);
      if (fitsUnder(trial, site)) {
        planned[index] = trial[index]!;
        raises.push(index);
      } else {
        log.warn({ merchantId, chargeId: running[index]!.chargeId }, 'ocpp power share not raised: the site limit');
      }
    });
    await Promise.all(raises.map((index) => sendShare(index, targets[index]!, true)));
    return results;
  };

  const rebalance = (send: TSend, merchantId: number) =>
    withSiteLock(merchantId, () => rebalanceLocked(send, merchantId));

  const merchantExists = async (merchantId: number) => {
    const [row] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.id, merchantId));
    if (!row) {
      throw merchantNotFound();
    }
  };

  return {
    withSiteLock,
    rebalance,

    async stationLimit(stationId: number, commands: TPowerCommandOutcome[] = []) {
      return {
        station_id: stationId,
        ...limitOut(await limitRow({ stationId })),
        site_limit_kw: await siteLimitKw(await merchantOfStation(stationId)),
        commands,
      };
    },

    /** Keeps the station's limit and sends it as its ChargePointMaxProfile. */
    async setStationLimit(send: TSend, stationId: number, body: TPowerLimitBody, accountId: number) {
      await saveLimit({ stationId }, body, accountId);
      const sent = await sendMaxProfile(send, stationId, accountId);
      return this.stationLimit(stationId, sent ? [sent] : []);
    },

    async clearStationLimit(send: TSend, stationId: number, accountId: number) {
      const deleted = await db.delete(powerLimits).where(eq(powerLimits.stationId, stationId)).returning();
      if (deleted.length === 0) {
        throw new ApiError(404, 'power_limit_not_set');
      }
      return this.stationLimit(stationId, [await clearProfile(send, stationId, STATION_MAX_PROFILE_ID, accountId)]);
    },

    async merchantLimit(merchantId: number, commands: TPowerCommandOutcome[] = []) {
      await merchantExists(merchantId);
      const row = await limitRow({ merchantId });
      const shares = await db
        .select({
          chargeId: charges.id,
          stationId: charges.stationId,
          connectorId: charges.connectorOcppId,
          startedAt: charges.startedAt,
          periods: powerShares.periods,
        })
        .from(charges)
        .innerJoin(stations, eq(stations.id, charges.stationId))
        .leftJoin(powerShares, eq(powerShares.chargeId, charges.id))
        .where(and(eq(stations.merchantId, merchantId), inArray(charges.status, RUNNING)))
        .orderBy(asc(charges.startedAt), asc(charges.id));
      const now = secondOfDay();
      return {
        merchant_id: merchantId,
        ...limitOut(row),
        limit_now_kw: row ? toKw(limitAt(dailyPeriods(row.limit.limitW, row.limit.windows), now)) : null,
        shares: row
          ? shares.map((share) => ({
              charge_id: share.chargeId,
              station_id: share.stationId,
              connector_id: share.connectorId,
              started_at: share.startedAt.toISOString(),
              share_w: share.periods ? limitAt(share.periods, now) : 0,
            }))
          : [],
        commands,
      };
    },

    /** Keeps the site's limit: its stations get the TxDefaultProfile of 0 W, then the running charges their shares. */
    async setMerchantLimit(send: TSend, merchantId: number, body: TPowerLimitBody, accountId: number) {
      await merchantExists(merchantId);
      const commands = await withSiteLock(merchantId, async () => {
        await saveLimit({ merchantId }, body, accountId);
        const defaults = await Promise.all(
          (await stationsOfMerchant(merchantId)).map((stationId) => sendSiteDefault(send, stationId, accountId)),
        );
        return [...defaults, ...(await rebalanceLocked(send, merchantId))];
      });
      return this.merchantLimit(merchantId, commands);
    },

    /** Removes the site's limit: its stations' TxDefaultProfile and the running charges' shares are cleared. */
    async clearMerchantLimit(send: TSend, merchantId: number, accountId: number) {
      await merchantExists(merchantId);
      const commands = await withSiteLock(merchantId, async () => {
        const deleted = await db.delete(powerLimits).where(eq(powerLimits.merchantId, merchantId)).returning();
        if (deleted.length === 0) {
          throw new ApiError(404, 'power_limit_not_set');
        }
        const shares = await db.delete(powerShares).where(eq(powerShares.merchantId, merchantId)).returning();
        return Promise.all([
          ...shares.map((share) =>
            clearProfile(send, share.stationId, SITE_SHARE_PROFILE_ID + share.connectorId, accountId),
          ),
          ...(await stationsOfMerchant(merchantId)).map((stationId) =>
            clearProfile(send, stationId, SITE_DEFAULT_PROFILE_ID, accountId),
          ),
        ]);
      });
      return this.merchantLimit(merchantId, commands);
    },

    /** A charge started or stopped at this station: its site's shares rebalanced (when the site has a limit). */
    async chargeChanged(send: TSend, stationId: number) {
      const limits = await limitsOfStation(stationId);
      // Most sites have no limit: nothing to share, and no share left (removing a limit removes them).
      if (limits?.site) {
        await rebalance(send, limits.merchantId);
      }
    },

    /** After a boot: the station's own limit and its site's TxDefaultProfile sent again. */
    async afterBoot(send: TSend, stationId: number) {
      const limits = await limitsOfStation(stationId);
      if (limits?.station) {
        await sendMaxProfile(send, stationId, null);
      }
      if (limits?.site) {
        await sendSiteDefault(send, stationId, null);
      }
    },
  };
};

export type SmartCharging = ReturnType<typeof createSmartCharging>;
