import type { APIRequestContext } from '@playwright/test';
import type { TBannerItem, TTokenPair } from '@zaryad/contracts';
import { encodePng, mixChannel, type TRgb } from '@zaryad/server/png';
import { unique } from './api';

/** A real PNG of `width` × `height`: a diagonal gradient between two colours (the server reads its real size). */
export const gradientPng = (
  width: number,
  height: number,
  from: TRgb = [0x22, 0xa6, 0x99],
  to: TRgb = [0x0b, 0x3d, 0x5c],
): Buffer =>
  encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    return [mixChannel(from[0], to[0], t), mixChannel(from[1], to[1], t), mixChannel(from[2], to[2], t)];
  });

/** A 2:1 banner image and a 9:19.5 fullscreen one (360 × 780). */
export const bannerImage = () => gradientPng(640, 320);
export const fullscreenImage = () => gradientPng(360, 780, [0xf2, 0x6b, 0x3a], [0x7a, 0x1f, 0x5c]);

const DAY = 24 * 60 * 60 * 1000;

export type TBannerOverrides = { name?: string; startDays?: number; endDays?: number; status?: 0 | 1 };

/** Creates a banner or a fullscreen through the API, as the forms do (multipart with a real image). */
export async function buildBanner(
  request: APIRequestContext,
  admin: TTokenPair,
  type: 'banner' | 'fullscreen',
  overrides: TBannerOverrides = {},
): Promise<TBannerItem> {
  const name = overrides.name ?? `${type === 'banner' ? 'Баннер' : 'Фулскрин'} ${unique()}`;
  const common = {
    type,
    name,
    status: String(overrides.status ?? 0),
    start_date: new Date(Date.now() + (overrides.startDays ?? -1) * DAY).toISOString(),
    end_date: new Date(Date.now() + (overrides.endDays ?? 30) * DAY).toISOString(),
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(common)) {
    form.append(key, value);
  }
  if (type === 'banner') {
    form.append('source_link', 'https://zaryad.kg/promo');
    form.append('button_name', 'Подробнее');
    form.append('button_color', '#22A699');
    form.append('image', new Blob([new Uint8Array(bannerImage())], { type: 'image/png' }), 'banner.png');
  } else {
    form.append('link', 'https://zaryad.kg/app');
    form.append('categories', 'main');
    form.append('destination', 'browser');
    form.append('image', new Blob([new Uint8Array(fullscreenImage())], { type: 'image/png' }), 'fullscreen.png');
  }
  const response = await request.post('/api/v1/ads/banners/', {
    headers: { Authorization: `Bearer ${admin.access}` },
    multipart: form,
  });
  if (response.status() !== 201) {
    throw new Error(`banner create failed: ${response.status()} ${await response.text()}`);
  }
  return (await response.json()) as TBannerItem;
}
