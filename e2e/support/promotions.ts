import type { APIRequestContext } from '@playwright/test';
import type { TTokenPair } from '@zaryad/contracts';
import type { TPromotion } from '@zaryad/contracts/promotions';
import { unique } from './api';
import { gradientPng } from './banners';

const DAY = 24 * 60 * 60 * 1000;

/** A square promotion image (the crop's aspect 1). */
export const promotionImage = () => gradientPng(320, 320, [0xf2, 0xb1, 0x34], [0x22, 0xa6, 0x99]);

export type TPromotionOverrides = {
  title?: string;
  startDays?: number;
  endDays?: number;
  status?: 0 | 1;
  percent?: number;
};

/** Creates a promotion through the API, as the form does (multipart with a real image). */
export async function buildPromotion(
  request: APIRequestContext,
  admin: TTokenPair,
  overrides: TPromotionOverrides = {},
): Promise<TPromotion> {
  const title = overrides.title ?? `Акция ${unique()}`;
  const fields: Record<string, string> = {
    title_ru: title,
    title_en: title,
    title_ky: title,
    initiator: 'company',
    // Above any charge of the e2e network: tests run in parallel on one network, and a promotion valid now for all of
    // it would discount every charge another test finishes in its night hours (a stopped charge read 108.80, not
    // 128.00, in a run at 23:10 in Bishkek).
    min_charge_amount: '90000',
    min_charges_count: '0',
    discount_percent: String(overrides.percent ?? 15),
    start_date: new Date(Date.now() + (overrides.startDays ?? -1) * DAY).toISOString(),
    end_date: new Date(Date.now() + (overrides.endDays ?? 30) * DAY).toISOString(),
    happy_hours_start: '22:00',
    happy_hours_end: '06:00',
    status: String(overrides.status ?? 0),
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    form.append(key, value);
  }
  form.append('image', new Blob([new Uint8Array(promotionImage())], { type: 'image/png' }), 'promotion.png');
  const response = await request.post('/api/v1/ads/promotions/', {
    headers: { Authorization: `Bearer ${admin.access}` },
    multipart: form,
  });
  if (response.status() !== 201) {
    throw new Error(`promotion create failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as TPromotion;
}
