import type { Database } from '../db/client';
import { promoCodes } from '../modules/promotions';

const HOUR = 60 * 60 * 1000;

export interface PromoCodeOverrides {
  promotionId: number;
  code?: string;
  totalLimit?: number;
  perUserLimit?: number;
  uses?: number;
  validFrom?: Date;
  validUntil?: Date;
  deactivatedAt?: Date | null;
}

let sequence = 0;

/** Inserts a promo code: valid from an hour ago for a week, 10 uses in all and 1 per user, unless told otherwise. */
export const buildPromoCode = async (db: Database, overrides: PromoCodeOverrides) => {
  sequence += 1;
  const [row] = await db
    .insert(promoCodes)
    .values({
      promotionId: overrides.promotionId,
      code: overrides.code ?? `TEST${String(sequence).padStart(6, '2')}`,
      totalLimit: overrides.totalLimit ?? 10,
      perUserLimit: overrides.perUserLimit ?? 1,
      uses: overrides.uses ?? 0,
      validFrom: overrides.validFrom ?? new Date(Date.now() - HOUR),
      validUntil: overrides.validUntil ?? new Date(Date.now() + 7 * 24 * HOUR),
      deactivatedAt: overrides.deactivatedAt ?? null,
    })
    .returning();
  if (!row) {
    throw new Error('promo code insert returned nothing');
  }
  return row;
};
