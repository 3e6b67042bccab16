import { parseTyiyn, STATUS } from '@zaryad/contracts';
import type { Database } from '../db/client';
import { rentalPartners } from '../modules/partners/partners.tables';
import type { StoredPeriod } from '../modules/rates/pricing';
import { rates, rateVersions } from '../modules/rates/rates.tables';

export interface RateOverrides {
  name?: string;
  rateType?: 'personal' | 'default';
  typo?: string;
  /** The energy price in som. */
  fee?: string;
  isActive?: boolean;
  merchantId?: number | null;
  /** The first version's other components, in tyiyn (defaults 0 / none), and when it takes effect (default 2000-01-01). */
  version?: Partial<Omit<typeof rateVersions.$inferInsert, 'rateId' | 'energyFee' | 'periods'>> & {
    periods?: StoredPeriod[];
  };
}

export interface BuiltRate {
  id: number;
  name: string;
  rateType: 'personal' | 'default';
  typo: string;
  fee: string;
  status: number;
}

let sequence = 0;

/**
 * Inserts a rate straight into the database (shared by the tests and the demo seed); inactive personal type2 rate
 * unless told otherwise. The connector types must be seeded (any built app has done it).
 */
export const buildRate = async (db: Database, overrides: RateOverrides = {}): Promise<BuiltRate> => {
  sequence += 1;
  const [row] = await db
    .insert(rates)
    .values({
      name: overrides.name ?? `Tariff ${sequence}`,
      rateType: overrides.rateType ?? 'personal',
      typo: overrides.typo ?? 'type2',
      merchantId: overrides.merchantId ?? null,
      status: overrides.isActive ? STATUS.active : STATUS.inactive,
    })
    .returning();
  if (!row) {
    throw new Error('rate insert returned nothing');
  }
  const fee = overrides.fee ?? '14.00';
  await db.insert(rateVersions).values({
    effectiveFrom: new Date('2000-01-01T00:00:00Z'),
    ...overrides.version,
    rateId: row.id,
    energyFee: parseTyiyn(fee) ?? 0n,
  });
  return { ...row, fee, rateType: row.rateType === 'default' ? 'default' : 'personal' };
};

export interface PartnerOverrides {
  name?: string;
  legalEntity?: string;
  agreementNumber?: string;
  percentage?: string;
  startDate?: string;
  endDate?: string | null;
  isActive?: boolean;
}

/** Inserts a software rental partner (active unless told otherwise). */
export const buildPartner = async (db: Database, overrides: PartnerOverrides = {}) => {
  sequence += 1;
  const [row] = await db
    .insert(rentalPartners)
    .values({
      name: overrides.name ?? `Partner ${sequence}`,
      legalEntity: overrides.legalEntity ?? `OsOO Partner ${sequence}`,
      contactPerson: 'Aibek Sadykov',
      phone: '996700123456',
      email: `partner-${sequence}@zaryad.test`,
      agreementNumber: overrides.agreementNumber ?? `SRP-${sequence}`,
      percentage: overrides.percentage ?? '10.00',
      startDate: overrides.startDate ?? '2026-01-01',
      endDate: overrides.endDate === undefined ? '2026-12-31' : overrides.endDate,
      status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
    })
    .returning();
  if (!row) {
    throw new Error('rental partner insert returned nothing');
  }
  return row;
};
