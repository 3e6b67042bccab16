import type { Database } from '../db/client';
import { news } from '../modules/analytics';
import type { TEndStatus } from '../modules/charges';
import { buildCharge } from './charge-builders';

export interface EndedChargeOverrides {
  userId: number | null;
  stationId: number;
  /** When it ended (UTC instant). */
  finishedAt: Date;
  /** Minutes it ran before finishedAt; 30 unless told. */
  minutes?: number;
  energyWh?: number;
  status?: TEndStatus;
  promotion?: { id: number; percent: number; fixedTyiyn: bigint } | null;
}

/** A charge started and ended through the engine at a given time (the dashboard's tests and the benchmark). */
export const buildEndedCharge = async (db: Database, overrides: EndedChargeOverrides) => {
  const minutes = overrides.minutes ?? 30;
  return buildCharge(db, {
    userId: overrides.userId,
    stationId: overrides.stationId,
    paymentMethod: 'cash',
    startedAt: new Date(overrides.finishedAt.getTime() - minutes * 60_000),
    promotion: overrides.promotion ?? null,
    finish: {
      status: overrides.status ?? 'finished',
      meterStopWh: overrides.energyWh ?? 10_000,
      finishedAt: overrides.finishedAt,
    },
  });
};

export interface NewsOverrides {
  title?: string;
  date?: string;
  authorId?: number | null;
}

/** Inserts a news item: the title in three languages (suffixed by the language), today unless told. */
export const buildNews = async (db: Database, overrides: NewsOverrides = {}) => {
  const title = overrides.title ?? 'Station opened';
  const [row] = await db
    .insert(news)
    .values({
      titleRu: `${title} ru`,
      titleEn: `${title} en`,
      titleKy: `${title} ky`,
      textRu: 'Текст',
      textEn: 'Text',
      textKy: 'Текст ky',
      date: overrides.date ?? new Date(Date.now() + 6 * 3_600_000).toISOString().slice(0, 10),
      authorId: overrides.authorId ?? null,
    })
    .returning();
  if (!row) {
    throw new Error('news insert returned nothing');
  }
  return row;
};
