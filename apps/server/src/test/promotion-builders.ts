import { STATUS } from '@zaryad/contracts';
import type { Database } from '../db/client';
import { promotions, promotionStations } from '../modules/promotions';

const HOUR = 60 * 60 * 1000;

export interface PromotionOverrides {
  title?: string;
  initiator?: 'merchant' | 'company' | 'payment_system';
  merchantId?: number | null;
  stationIds?: number[];
  isActive?: boolean;
  startsAt?: Date;
  endsAt?: Date;
  endedAt?: Date | null;
  /** Minutes after Bishkek midnight; round the clock (00:00 to 23:59) unless told. */
  happyStart?: number;
  happyEnd?: number;
  minChargeAmount?: bigint;
  minChargesCount?: number;
  /** A percentage (10 unless an amount is given) or an amount in tyiyn. */
  discountPercent?: number;
  discountAmount?: bigint;
  imagePath?: string;
}

let sequence = 0;

/**
 * Inserts a promotion straight into the database: active, of the company, for the whole network, running from an
 * hour ago for a week round the clock, 10% off, unless told otherwise. Its image path names no file.
 */
export const buildPromotion = async (db: Database, overrides: PromotionOverrides = {}) => {
  sequence += 1;
  const startsAt = overrides.startsAt ?? new Date(Date.now() - HOUR);
  const isAmount = overrides.discountAmount !== undefined;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({
        titleRu: overrides.title ?? `Акция ${sequence}`,
        titleEn: overrides.title ?? `Promotion ${sequence}`,
        titleKy: overrides.title ?? `Акция ${sequence}`,
        imagePath: overrides.imagePath ?? `promotions/built-${sequence}.png`,
        initiator: overrides.initiator ?? (overrides.merchantId ? 'merchant' : 'company'),
        merchantId: overrides.merchantId ?? null,
        minChargeAmount: overrides.minChargeAmount ?? (isAmount ? (overrides.discountAmount ?? 0n) : 0n),
        minChargesCount: overrides.minChargesCount ?? 0,
        discountPercent: isAmount ? null : (overrides.discountPercent ?? 10),
        discountAmount: isAmount ? (overrides.discountAmount ?? 0n) : null,
        startsAt,
        endsAt: overrides.endsAt ?? new Date(startsAt.getTime() + 7 * 24 * HOUR),
        endedAt: overrides.endedAt ?? null,
        happyStart: overrides.happyStart ?? 0,
        happyEnd: overrides.happyEnd ?? 1439,
        status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
      })
      .returning();
    if (!row) {
      throw new Error('promotion insert returned nothing');
    }
    const stationIds = overrides.stationIds ?? [];
    if (stationIds.length > 0) {
      await tx.insert(promotionStations).values(stationIds.map((stationId) => ({ promotionId: row.id, stationId })));
    }
    return row;
  });
};
