/**
 * The dashboard's figures (the analytics service's summary, what GET /analytics/ answers) of every period from the
 * first charge to today, against the same figures computed from the raw charges, users, merchants and stations: the
 * whole periods grouped in one statement per kind, a period in progress and its previous part (cut at the same elapsed
 * time, as the answer's `until` and `previous_until` say) over their instants.
 */
import { formatSom } from '@zaryad/contracts';
import type { TAnalytics, TAnalyticsPeriod } from '@zaryad/contracts/analytics';
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import type { createAnalyticsService } from '../modules/analytics';

type AnalyticsService = ReturnType<typeof createAnalyticsService>;
/** Violations each check quotes. */
export const EXAMPLES = 5;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
export const query = async <T>(db: Database, statement: SQL) => rowsOf<T>(await db.execute(statement));
const KINDS: TAnalyticsPeriod[] = ['day', 'week', 'month', 'year'];
const DAY_MS = 24 * 3600 * 1000;
const NETWORK = 0;
/**
 * Periods checked, one in this many (a sample's periods in progress always): `all`, every period of every scope;
 * `full` (seed:demo -- --check), every week, month and year of the network and one day in three, every month and year
 * of each merchant and a few of its weeks and days (each summary costs about 0.1 s on the embedded database at the
 * demo's size); `quick` (the CI test) a sample of the network's days and of three merchants' periods.
 */
export type TKpiSample = 'all' | 'full' | 'quick';
type TSample = {
  network: Partial<Record<TAnalyticsPeriod, number>>;
  merchant: Partial<Record<TAnalyticsPeriod, number>>;
};
const SAMPLES: Record<TKpiSample, TSample & { merchants: number }> = {
  all: { network: {}, merchant: {}, merchants: Infinity },
  full: { network: { day: 3 }, merchant: { day: 91, week: 13 }, merchants: Infinity },
  quick: { network: { day: 7 }, merchant: { day: 28, week: 4 }, merchants: 3 },
};

/** The Bishkek day of an instant, and the instant a Bishkek day (or `YYYY-MM-DDTHH:mm`) begins. */
const bishkekDay = (instant: Date) => new Date(instant.getTime() + 6 * 3600 * 1000).toISOString().slice(0, 10);
const bishkekInstant = (local: string) => new Date(`${local.length === 10 ? `${local}T00:00` : local}:00+06:00`);
const addDays = (day: string, days: number) => bishkekDay(new Date(bishkekInstant(day).getTime() + days * DAY_MS));

/** The first day of the period of `kind` that holds `day` (ISO weeks, Monday first). */
const periodStart = (kind: TAnalyticsPeriod, day: string) => {
  if (kind === 'day') {
    return day;
  }
  if (kind === 'week') {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay() || 7;
    return addDays(day, 1 - weekday);
  }
  return kind === 'month' ? `${day.slice(0, 7)}-01` : `${day.slice(0, 4)}-01-01`;
};

interface Figures {
  charges: number;
  failed: number;
  energyWh: bigint;
  turnover: bigint;
  durationS: bigint;
  active: number;
  promo: number;
}
const EMPTY: Figures = { charges: 0, failed: 0, energyWh: 0n, turnover: 0n, durationS: 0n, active: 0, promo: 0 };

interface FigureRow {
  scope: number;
  period: string | null;
  charges: number;
  failed: number;
  energy: string;
  turnover: string;
  duration: string;
  active: number;
  promo: number;
}

const PERIOD_OF = (kind: TAnalyticsPeriod, column: string) =>
  sql.raw(
    kind === 'day'
      ? `(${column} at time zone 'UTC' + interval '6 hours')::date::text`
      : `date_trunc('${kind}', ${column} at time zone 'UTC' + interval '6 hours')::date::text`,
  );

/** The charges' figures ended in `where`, per merchant and for the network, by period of `kind` (or all at once). */
const chargeFigures = async (db: Database, kind: TAnalyticsPeriod | null, where: SQL) => {
  const period = kind === null ? sql`null::text` : PERIOD_OF(kind, 'c.finished_at');
  const delivered = sql`c.status in ('finished', 'stopped')`;
  const rows = await query<FigureRow>(
    db,
    sql`select case when grouping(s.merchant_id) = 1 then ${NETWORK} else s.merchant_id end as scope,
               ${period} as period,
               count(*) filter (where ${delivered})::int as charges,
               count(*) filter (where not ${delivered})::int as failed,
               coalesce(sum(c.energy_wh) filter (where ${delivered}), 0)::text as energy,
               coalesce(sum(c.total_cost) filter (where ${delivered}), 0)::text as turnover,
               coalesce(sum(greatest(floor(extract(epoch from c.finished_at - c.started_at)), 0))
                 filter (where ${delivered}), 0)::text as duration,
               count(distinct c.user_id) filter (where ${delivered})::int as active,
               count(distinct c.user_id) filter (where ${delivered} and c.promotion_id is not null)::int as promo
        from charges c join stations s on s.id = c.station_id
        where c.finished_at is not null and ${where}
        group by grouping sets ((s.merchant_id, 2), (2))`,
  );
  return new Map(
    rows.map((row) => [
      `${row.scope}|${row.period ?? ''}`,
      {
        charges: row.charges,
        failed: row.failed,
        energyWh: BigInt(row.energy),
        turnover: BigInt(row.turnover),
        durationS: BigInt(row.duration),
        active: row.active,
        promo: row.promo,
      } satisfies Figures,
    ]),
  );
};

/**
 * Users registered in `where`, for the network, and per merchant those whose first delivered charge in the network
 * (the smaller merchant id of two at one instant) was at that merchant.
 */
const registrations = async (db: Database, kind: TAnalyticsPeriod | null, where: SQL) => {
  const period = kind === null ? sql`null::text` : PERIOD_OF(kind, 'u.registered_at');
  const rows = await query<{ scope: number | null; period: string | null; users: number }>(
    db,
    sql`with firsts as (
          select distinct on (c.user_id) c.user_id, s.merchant_id
          from charges c join stations s on s.id = c.station_id
          where c.status in ('finished', 'stopped') and c.finished_at is not null and c.user_id is not null
          order by c.user_id, c.finished_at, s.merchant_id)
        select case when grouping(f.merchant_id) = 1 then ${NETWORK} else f.merchant_id end as scope,
               ${period} as period, count(*)::int as users
        from app_users u left join firsts f on f.user_id = u.id
        where ${where}
        group by grouping sets ((f.merchant_id, 2), (2))`,
  );
  return new Map(
    rows.flatMap((row) => (row.scope === null ? [] : [[`${row.scope}|${row.period ?? ''}`, row.users] as const])),
  );
};

const halfUp = (numerator: bigint, denominator: bigint) =>
  denominator === 0n ? 0n : (numerator * 2n + denominator) / (denominator * 2n);
const kwh = (wattHours: bigint) => `${wattHours / 1000n}.${String(wattHours % 1000n).padStart(3, '0')}`;

export const checkKpis = async (db: Database, analytics: AnalyticsService, now: Date, sample: TKpiSample = 'full') => {
  const { network: networkEvery, merchant: merchantEvery, merchants: merchantCount } = SAMPLES[sample];
  const [first] = await query<{ at: string | null }>(db, sql`select min(finished_at)::text as at from charges`);
  const today = bishkekDay(now);
  const firstDay = first?.at ? bishkekDay(new Date(first.at)) : today;
  const merchants = await query<{ id: number; created_at: string; status: number }>(
    db,
    sql`select id, created_at::text, status from merchants order by id`,
  );
  const stations = await query<{ merchant_id: number; created_at: string; status: number; connectors: number }>(
    db,
    sql`select s.merchant_id, s.created_at::text, s.status,
               (select count(*) from station_connectors c where c.station_id = s.id)::int as connectors
        from stations s`,
  );
  const started = performance.now();
  const byPeriod = new Map<TAnalyticsPeriod, { charges: Map<string, Figures>; users: Map<string, number> }>();
  for (const kind of KINDS) {
    byPeriod.set(kind, {
      charges: await chargeFigures(db, kind, sql`true`),
      users: await registrations(db, kind, sql`true`),
    });
  }
  const between = new Map<string, { charges: Map<string, Figures>; users: Map<string, number> }>();
  const rawBetween = async (from: Date, to: Date) => {
    const key = `${from.toISOString()}|${to.toISOString()}`;
    const known = between.get(key);
    if (known) {
      return known;
    }
    const [fromText, toText] = [from.toISOString(), to.toISOString()];
    const figures = {
      charges: await chargeFigures(
        db,
        null,
        sql`c.finished_at >= ${fromText}::timestamptz and c.finished_at < ${toText}::timestamptz`,
      ),
      users: await registrations(
        db,
        null,
        sql`u.registered_at >= ${fromText}::timestamptz and u.registered_at < ${toText}::timestamptz`,
      ),
    };
    between.set(key, figures);
    return figures;
  };

  /** The figures of the answer's period (or its previous one) from the raw rows. */
  const expected = async (
    kind: TAnalyticsPeriod,
    scope: number,
    start: string,
    from: Date,
    cut: Date,
    whole: boolean,
  ) => {
    const raw = whole ? byPeriod.get(kind) : await rawBetween(from, cut);
    const key = `${scope}|${whole ? start : ''}`;
    const figures = raw?.charges.get(key) ?? EMPTY;
    const added = <T extends { created_at: string; status: number }>(rows: T[]) =>
      rows.filter((row) => new Date(row.created_at) < cut);
    const ownStations = stations.filter((station) => scope === NETWORK || station.merchant_id === scope);
    const ownMerchants = merchants.filter((merchant) => scope === NETWORK || merchant.id === scope);
    const connectors = (rows: typeof stations) => rows.reduce((sum, station) => sum + station.connectors, 0);
    return {
      turnover: formatSom(figures.turnover),
      energy_kwh: kwh(figures.energyWh),
      charges: figures.charges,
      failed_charges: figures.failed,
      promo_users: figures.promo,
      active_users: figures.active,
      new_users: raw?.users.get(key) ?? 0,
      merchants: added(ownMerchants).length,
      merchants_active: added(ownMerchants).filter((row) => row.status === 0).length,
      stations: added(ownStations).length,
      stations_active: added(ownStations).filter((row) => row.status === 0).length,
      connectors: connectors(added(ownStations)),
      connectors_active: connectors(added(ownStations).filter((row) => row.status === 0)),
      average_check: formatSom(halfUp(figures.turnover, BigInt(figures.charges))),
      average_session_seconds: Number(halfUp(figures.durationS, BigInt(figures.charges))),
    };
  };

  const grouped = performance.now() - started;
  let asked = 0;
  let calls = 0;
  const examples: string[] = [];
  let checked = 0;
  let violations = 0;
  // The first, the last and the ones between, as many as the sample takes.
  const sampled = merchants.filter(
    (_, index) =>
      merchants.length <= merchantCount ||
      index % Math.ceil(merchants.length / merchantCount) === 0 ||
      index === merchants.length - 1,
  );
  const scopes = [NETWORK, ...sampled.slice(0, merchantCount).map((merchant) => merchant.id)];
  for (const kind of KINDS) {
    const starts: string[] = [];
    for (let day = firstDay; day <= today; day = addDays(day, 1)) {
      const start = periodStart(kind, day);
      if (starts.at(-1) !== start) {
        starts.push(start);
      }
    }
    for (const [scopeIndex, scope] of scopes.entries()) {
      for (const [index, start] of starts.entries()) {
        // A sample's periods (each merchant others), the periods in progress always.
        const every = (scope === NETWORK ? networkEvery : merchantEvery)[kind] ?? 1;
        if (index % every !== scopeIndex % every && index !== starts.length - 1) {
          continue;
        }
        const asking = performance.now();
        const answer: TAnalytics = await analytics.summary({
          period: kind,
          date: start,
          ...(scope !== NETWORK && { merchant: scope }),
        });
        asked += performance.now() - asking;
        calls += 1;
        const inProgress = answer.in_progress === true && answer.until !== null && answer.previous_until !== null;
        const end = bishkekInstant(addDays(answer.end, 1));
        const current = await expected(
          kind,
          scope,
          answer.start,
          bishkekInstant(answer.start),
          inProgress ? bishkekInstant(answer.until ?? '') : end,
          !inProgress,
        );
        const previous = await expected(
          kind,
          scope,
          answer.previous_start,
          bishkekInstant(answer.previous_start),
          inProgress ? bishkekInstant(answer.previous_until ?? '') : bishkekInstant(answer.start),
          !inProgress,
        );
        const compare = (name: string, got: unknown, want: unknown) => {
          checked += 1;
          if (got !== want) {
            violations += 1;
            if (examples.length < EXAMPLES) {
              const where = scope === NETWORK ? 'network' : `merchant ${scope}`;
              examples.push(
                `${kind} ${answer.start} (${where}) ${name}: the service ${String(got)}, raw ${String(want)}`,
              );
            }
          }
        };
        for (const [name, value] of Object.entries(current)) {
          const figure = name.endsWith('_active')
            ? (answer[name.replace('_active', '') as 'merchants'] as { active: number }).active
            : (answer[name as keyof TAnalytics] as { value: unknown }).value;
          compare(name, figure, value);
          if (!name.endsWith('_active')) {
            compare(
              `${name} (previous)`,
              (answer[name as keyof TAnalytics] as { previous: unknown }).previous,
              previous[name as keyof typeof previous],
            );
          }
        }
      }
    }
  }
  return {
    name:
      `every dashboard figure of every period and scope equals its raw value (the raw figures grouped in ` +
      `${Math.round(grouped)} ms, ${calls} summaries asked in ${Math.round(asked)} ms)`,
    checked,
    violations,
    examples,
  };
};
