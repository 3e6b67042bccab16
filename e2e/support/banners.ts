import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import type { TBannerItem, TTokenPair } from '@zaryad/contracts';
import { unique } from './api';

/** A real PNG of `width` × `height`: a diagonal gradient between two colours (the server reads its real size). */
export const gradientPng = (
  width: number,
  height: number,
  from = [0x22, 0xa6, 0x99],
  to = [0x0b, 0x3d, 0x5c],
): Buffer => {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      for (let channel = 0; channel < 3; channel += 1) {
        row[1 + x * 3 + channel] = Math.round((from[channel] ?? 0) + ((to[channel] ?? 0) - (from[channel] ?? 0)) * t);
      }
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

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
