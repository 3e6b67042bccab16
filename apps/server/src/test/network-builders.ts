import { STATUS, type TScheduleEntry } from '@zaryad/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { settlements } from '../modules/locations/locations.tables';
import { merchantEnvironment, merchants, merchantTags } from '../modules/merchants/merchants.tables';
import { normaliseSchedule } from '../modules/schedules/schedule-entries';

/** Monday to Friday 09:00-18:00 with a lunch break, weekend off. */
export const OFFICE_HOURS: TScheduleEntry[] = [0, 1, 2, 3, 4].flatMap((day) => [
  { day, start_time: '09:00:00', end_time: '18:00:00', is_break: false },
  { day, start_time: '13:00:00', end_time: '14:00:00', is_break: true },
]);
/** Every day round the clock (00:00:00 to 00:00:00 is the whole day). */
export const ROUND_THE_CLOCK: TScheduleEntry[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({
  day,
  start_time: '00:00:00',
  end_time: '00:00:00',
  is_break: false,
}));

export interface MerchantOverrides {
  name?: string;
  agreementNumber?: string;
  legalEntity?: string;
  /** A settlement key of locations.data.ts; its country goes with it. */
  cityKey?: string;
  district?: string;
  street?: string;
  phone?: string;
  email?: string;
  schedule?: TScheduleEntry[];
  percentage?: string;
  isActive?: boolean;
  tagIds?: number[];
  environmentIds?: number[];
  createdBy?: number | null;
}

let sequence = 0;

/**
 * Inserts a merchant straight into the database (shared by the tests, the demo seed and the benchmark): active,
 * in Bishkek, office hours, unless told otherwise. The locations must be seeded (any built app has done it).
 */
export const buildMerchant = async (db: Database, overrides: MerchantOverrides = {}) => {
  sequence += 1;
  const cityKey = overrides.cityKey ?? 'kg-bishkek';
  const [city] = await db
    .select({ id: settlements.id, countryId: settlements.countryId })
    .from(settlements)
    .where(eq(settlements.key, cityKey));
  if (!city) {
    throw new Error(`settlement ${cityKey} is missing: seed the locations first`);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(merchants)
      .values({
        name: overrides.name ?? `Merchant ${sequence}`,
        agreementNumber: overrides.agreementNumber ?? `AA-${sequence}`,
        legalEntity: overrides.legalEntity ?? `ОсОО «Мерчант ${sequence}»`,
        countryId: city.countryId,
        cityId: city.id,
        district: overrides.district ?? '',
        street: overrides.street ?? 'пр. Чуй, 100',
        phone: overrides.phone ?? '996555000111',
        email: overrides.email ?? `merchant-${sequence}@zaryad.test`,
        schedule: normaliseSchedule(overrides.schedule ?? OFFICE_HOURS),
        percentage: overrides.percentage ?? '10.00',
        status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
        createdBy: overrides.createdBy ?? null,
      })
      .returning();
    if (!row) {
      throw new Error('merchant insert returned nothing');
    }
    const tagIds = overrides.tagIds ?? [];
    if (tagIds.length > 0) {
      await tx.insert(merchantTags).values(tagIds.map((tagId) => ({ merchantId: row.id, tagId })));
    }
    const environmentIds = overrides.environmentIds ?? [];
    if (environmentIds.length > 0) {
      await tx.insert(merchantEnvironment).values(environmentIds.map((surroundingId) => ({ merchantId: row.id, surroundingId })));
    }
    return row;
  });
};
