import { crc32, deflateSync } from 'node:zlib';

// A small PNG encoder for the demo seed and the tests: a generated advert (a two-colour gradient, soft circles, a
// lightning bolt and a button-like bar), so that the demo needs no binary assets and no image library.

type TRgb = readonly [number, number, number];

const PALETTES: readonly (readonly [TRgb, TRgb, TRgb])[] = [
  [
    [0x22, 0xa6, 0x99],
    [0x0b, 0x3d, 0x5c],
    [0xff, 0xd6, 0x66],
  ],
  [
    [0xf2, 0x6b, 0x3a],
    [0x7a, 0x1f, 0x5c],
    [0xff, 0xf1, 0xd0],
  ],
  [
    [0x3a, 0x86, 0xff],
    [0x1b, 0x1f, 0x4b],
    [0x9b, 0xf6, 0xd8],
  ],
  [
    [0x8a, 0xc9, 0x26],
    [0x1d, 0x4d, 0x2b],
    [0xff, 0xff, 0xff],
  ],
  [
    [0x9d, 0x4e, 0xdd],
    [0x24, 0x0b, 0x46],
    [0xff, 0xc8, 0xdd],
  ],
];

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, checksum]);
};

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A lightning bolt in unit coordinates (0..1 of its box). */
const BOLT: readonly (readonly [number, number])[] = [
  [0.55, 0],
  [0.15, 0.55],
  [0.45, 0.55],
  [0.35, 1],
  [0.85, 0.4],
  [0.55, 0.4],
  [0.7, 0],
];

const isInside = (x: number, y: number, polygon: readonly (readonly [number, number])[]) => {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i] ?? [0, 0];
    const [xj, yj] = polygon[j] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
};

/** An RGB PNG of `width` × `height`; `variant` picks the palette and moves the shapes. */
export const demoBannerImage = (variant: number, width: number, height: number): Buffer => {
  const [from, to, accent] = PALETTES[variant % PALETTES.length] ?? PALETTES[0]!;
  const side = Math.min(width, height);
  const boltSize = side * 0.6;
  const boltX = width * (width > height ? 0.68 : 0.5) - boltSize / 2;
  const boltY = height * (width > height ? 0.5 : 0.38) - boltSize / 2;
  const circles = [0, 1, 2].map((index) => ({
    x: (((variant * 131 + index * 211) % 100) / 100) * width,
    y: (((variant * 71 + index * 157) % 100) / 100) * height,
    r: side * (0.25 + index * 0.12),
  }));
  const bar =
    width > height
      ? { x0: width * 0.08, x1: width * 0.42, y0: height * 0.66, y1: height * 0.8 }
      : { x0: width * 0.15, x1: width * 0.85, y0: height * 0.8, y1: height * 0.86 };
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    row[0] = 0;
    for (let x = 0; x < width; x += 1) {
      const t = (x / width + y / height) / 2;
      let pixel: [number, number, number] = [mix(from[0], to[0], t), mix(from[1], to[1], t), mix(from[2], to[2], t)];
      for (const circle of circles) {
        if ((x - circle.x) ** 2 + (y - circle.y) ** 2 < circle.r ** 2) {
          pixel = [mix(pixel[0], 255, 0.08), mix(pixel[1], 255, 0.08), mix(pixel[2], 255, 0.08)];
        }
      }
      if (isInside((x - boltX) / boltSize, (y - boltY) / boltSize, BOLT)) {
        pixel = [accent[0], accent[1], accent[2]];
      } else if (x >= bar.x0 && x < bar.x1 && y >= bar.y0 && y < bar.y1) {
        pixel = [255, 255, 255];
      }
      row[1 + x * 3] = pixel[0];
      row[2 + x * 3] = pixel[1];
      row[3 + x * 3] = pixel[2];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Sizes the demo and the tests use: a 2:1 banner and a 9:19.5 fullscreen (360 × 780). */
export const DEMO_BANNER_SIZE = { width: 640, height: 320 } as const;
export const DEMO_FULLSCREEN_SIZE = { width: 360, height: 780 } as const;
