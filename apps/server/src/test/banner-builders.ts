import { STATUS } from '@zaryad/contracts';
import type { Database } from '../db/client';
import { banners, bannerStations } from '../modules/banners';

const HOUR = 60 * 60 * 1000;

export interface BannerOverrides {
  type?: 'banner' | 'fullscreen';
  name?: string;
  merchantId?: number | null;
  stationIds?: number[];
  isActive?: boolean;
  startsAt?: Date;
  endsAt?: Date;
  archivedAt?: Date | null;
  categories?: string[];
  imagePath?: string;
}

let sequence = 0;

/**
 * Inserts a banner (or a fullscreen) straight into the database: active, running from an hour ago for a week, unless
 * told otherwise. Its image path names no file: the tests that read images upload them through the API.
 */
export const buildBanner = async (db: Database, overrides: BannerOverrides = {}) => {
  sequence += 1;
  const type = overrides.type ?? 'banner';
  const startsAt = overrides.startsAt ?? new Date(Date.now() - HOUR);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(banners)
      .values({
        type,
        name: overrides.name ?? `${type === 'banner' ? 'Banner' : 'Fullscreen'} ${sequence}`,
        imagePath: overrides.imagePath ?? `banners/built-${sequence}.png`,
        link: `https://zaryad.kg/promo/${sequence}`,
        buttonName: type === 'banner' ? 'Подробнее' : '',
        buttonColor: type === 'banner' ? '#22A699' : '',
        categories: type === 'fullscreen' ? (overrides.categories ?? ['main']) : [],
        destination: type === 'fullscreen' ? 'browser' : '',
        merchantId: overrides.merchantId ?? null,
        status: overrides.isActive === false ? STATUS.inactive : STATUS.active,
        startsAt,
        endsAt: overrides.endsAt ?? new Date(startsAt.getTime() + 7 * 24 * HOUR),
        archivedAt: overrides.archivedAt ?? null,
      })
      .returning();
    if (!row) {
      throw new Error('banner insert returned nothing');
    }
    const stationIds = overrides.stationIds ?? [];
    if (stationIds.length > 0) {
      await tx.insert(bannerStations).values(stationIds.map((stationId) => ({ bannerId: row.id, stationId })));
    }
    return row;
  });
};
