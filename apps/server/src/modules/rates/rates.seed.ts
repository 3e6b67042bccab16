import { and, eq } from 'drizzle-orm';
import { parseTyiyn, STATUS } from '@zaryad/contracts';
import type { Database } from '../../db/client';
import { seedConnectorTypes } from '../connectors';
import type { StoredPeriod } from './pricing';
import { rates, rateVersions } from './rates.tables';

/** The demo's prices take effect long before the demo year of charges. */
const DEMO_PRICES_SINCE = new Date('2020-01-01T00:00:00Z');

interface TRateSeed {
  name: string;
  rateType: 'default' | 'personal';
  typo: string;
  fee: string;
  isActive: boolean;
  /** Components beside the energy price, in tyiyn. */
  components?: {
    timeFee?: bigint;
    idleFee?: bigint;
    idleGraceMinutes?: number;
    sessionFee?: bigint;
    minCost?: bigint | null;
    maxCost?: bigint | null;
    periods?: StoredPeriod[];
  };
}

/** The demo's personal rate with a night price: the mixed sites' Type 2 connectors charge by it (stations.seed.ts). */
export const DEMO_NIGHT_RATE = 'Ночной AC Type 2';

/** A night price from 23:00 to 07:00 in Bishkek. */
const night = (price: number): StoredPeriod => ({
  component: 'energy',
  price,
  start_time: '23:00',
  end_time: '07:00',
  weekdays: [],
  start_date: null,
  end_date: null,
  min_power_kw: null,
  max_power_kw: null,
});

/**
 * Demo tariffs: the network's default price per connector type (AC 12-16 som/kWh, fast DC 20-28 som/kWh) and a few
 * personal ones (fleets, partners, a draft still being prepared).
 */
export const DEMO_RATES: readonly TRateSeed[] = [
  { name: 'Базовый AC Type 1', rateType: 'default', typo: 'type1', fee: '12.00', isActive: true },
  { name: 'Базовый AC Type 2', rateType: 'default', typo: 'type2', fee: '14.00', isActive: true },
  { name: 'Базовый AC GB/T', rateType: 'default', typo: 'gbt_ac', fee: '13.50', isActive: true },
  { name: 'Базовый Schuko', rateType: 'default', typo: 'schuko', fee: '12.00', isActive: true },
  { name: 'Быстрая зарядка GB/T DC', rateType: 'default', typo: 'gbt_dc', fee: '24.00', isActive: true },
  {
    name: 'Быстрая зарядка CCS2',
    rateType: 'default',
    typo: 'ccs2',
    fee: '26.00',
    isActive: true,
    // Parking a full car at a fast charger costs 10 som a minute after 10 minutes' grace.
    components: { idleFee: 1000n, idleGraceMinutes: 10, sessionFee: 2000n },
  },
  { name: 'Быстрая зарядка CCS1', rateType: 'default', typo: 'ccs1', fee: '26.00', isActive: true },
  { name: 'Быстрая зарядка CHAdeMO', rateType: 'default', typo: 'chademo', fee: '22.00', isActive: true },
  { name: 'Быстрая зарядка Tesla', rateType: 'default', typo: 'tesla', fee: '28.00', isActive: true },
  { name: 'Такси-парк «Намба» GB/T DC', rateType: 'personal', typo: 'gbt_dc', fee: '20.00', isActive: true },
  {
    name: DEMO_NIGHT_RATE,
    rateType: 'personal',
    typo: 'type2',
    fee: '11.50',
    isActive: true,
    components: { periods: [night(800)] },
  },
  { name: 'Партнёр ТРЦ «Азия Молл»', rateType: 'personal', typo: 'ccs2', fee: '23.50', isActive: false },
  { name: 'Летний GB/T DC (черновик)', rateType: 'default', typo: 'gbt_dc', fee: '22.50', isActive: false },
];

/** Idempotent: a tariff whose name and connector type already exist is left as it is. */
export const seedRates = async (db: Database): Promise<void> => {
  await seedConnectorTypes(db);
  for (const rate of DEMO_RATES) {
    const [existing] = await db
      .select({ id: rates.id })
      .from(rates)
      .where(and(eq(rates.name, rate.name), eq(rates.typo, rate.typo)))
      .limit(1);
    if (existing) {
      continue;
    }
    // An active default of this type may already exist (set up by an operator): then the demo one stays inactive.
    const [activeDefault] =
      rate.isActive && rate.rateType === 'default'
        ? await db
            .select({ id: rates.id })
            .from(rates)
            .where(and(eq(rates.typo, rate.typo), eq(rates.rateType, 'default'), eq(rates.status, STATUS.active)))
            .limit(1)
        : [];
    const [row] = await db
      .insert(rates)
      .values({
        name: rate.name,
        rateType: rate.rateType,
        typo: rate.typo,
        status: rate.isActive && !activeDefault ? STATUS.active : STATUS.inactive,
      })
      .returning({ id: rates.id });
    if (!row) {
      throw new Error('rate insert returned nothing');
    }
    // In force for the whole demo year, which the charges seed books before today.
    await db.insert(rateVersions).values({
      rateId: row.id,
      effectiveFrom: DEMO_PRICES_SINCE,
      energyFee: parseTyiyn(rate.fee) ?? 0n,
      ...rate.components,
      periods: rate.components?.periods ?? [],
    });
  }
};
