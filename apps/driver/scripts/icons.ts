import { crc32, deflateSync } from 'node:zlib';
import type { Plugin } from 'vite';

// The app's PNG icons (the web manifest's 192 and 512 px, a maskable one, the iPhone's home-screen icon), drawn at build
// time from the shapes of public/icon.svg: a white bolt on the brand's teal. No binary files in the repository and no
// image library; the server's encoder (apps/server/src/platform/png.ts) is the model, with an alpha channel added for
// the rounded corners.

type TRgba = readonly [number, number, number, number];
type TPoint = readonly [number, number];

export const BRAND_TEAL = '#22a699';
const TEAL: TRgba = [0x22, 0xa6, 0x99, 255];
const WHITE: TRgba = [255, 255, 255, 255];
const CLEAR: TRgba = [0, 0, 0, 0];

/** icon.svg's bolt, `M288 64 128 288h112l-32 160 176-240H272z`, on its 512 × 512 grid. */
const BOLT: readonly TPoint[] = [
  [288, 64],
  [128, 288],
  [240, 288],
  [208, 448],
  [384, 208],
  [272, 208],
];
/** icon.svg's corner radius on the same grid. */
const CORNER = 96;
/** Samples per pixel along each axis: 4 × 4 smooths the bolt's slanted edges. */
const SUPERSAMPLE = 4;

const isInPolygon = (x: number, y: number, polygon: readonly TPoint[]) => {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) {
      inside = !inside;
    }
  }
  return inside;
};

const isInRoundedSquare = (x: number, y: number, size: number, radius: number) => {
  const dx = Math.max(radius - x, 0, x - (size - radius));
  const dy = Math.max(radius - y, 0, y - (size - radius));
  return dx * dx + dy * dy <= radius * radius;
};

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, checksum]);
};

/** An 8-bit RGBA PNG, no filter, of `size` × `size` whose pixel at (x, y) is `pixelAt(x, y)`. */
const encodeRgbaPng = (size: number, pixelAt: (x: number, y: number) => TRgba) => {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y += 1) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x += 1) {
      row.set(pixelAt(x, y), 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/**
 * The icon at `size` px. `any`: icon.svg itself, its corners transparent. `maskable`: the teal to every edge and the
 * bolt shrunk into the middle 60%, inside the circle of 80% that every launcher's mask keeps
 * (https://web.dev/articles/maskable-icon). `opaque`: full-bleed teal with the bolt at icon.svg's size, for iOS, which
 * rounds the corners itself and paints transparency black.
 */
export const drawIcon = (size: number, shape: 'any' | 'maskable' | 'opaque') => {
  const unit = 512 / size;
  const boltScale = shape === 'maskable' ? 0.6 : 1;
  const sampleAt = (gridX: number, gridY: number): TRgba => {
    if (shape === 'any' && !isInRoundedSquare(gridX, gridY, 512, CORNER)) {
      return CLEAR;
    }
    // The bolt is drawn about the grid's centre, scaled for the maskable icon.
    const boltX = 256 + (gridX - 256) / boltScale;
    const boltY = 256 + (gridY - 256) / boltScale;
    return isInPolygon(boltX, boltY, BOLT) ? WHITE : TEAL;
  };
  return encodeRgbaPng(size, (x, y) => {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SUPERSAMPLE; sy += 1) {
      for (let sx = 0; sx < SUPERSAMPLE; sx += 1) {
        const sample = sampleAt((x + (sx + 0.5) / SUPERSAMPLE) * unit, (y + (sy + 0.5) / SUPERSAMPLE) * unit);
        // Colours summed weighted by their alpha, so that a transparent sample does not darken an edge.
        for (let channel = 0; channel < 3; channel += 1) {
          sum[channel]! += sample[channel]! * (sample[3] / 255);
        }
        sum[3]! += sample[3];
      }
    }
    const samples = SUPERSAMPLE * SUPERSAMPLE;
    const alpha = sum[3]! / samples;
    const colour = (channel: number) => (alpha === 0 ? 0 : Math.round((sum[channel]! / samples / alpha) * 255));
    return [colour(0), colour(1), colour(2), Math.round(alpha)];
  });
};

/** The icons the build writes beside index.html: the manifest's, and the iPhone's home-screen icon. */
export const ICONS = [
  { fileName: 'icon-192.png', size: 192, shape: 'any' },
  { fileName: 'icon-512.png', size: 512, shape: 'any' },
  { fileName: 'icon-maskable-512.png', size: 512, shape: 'maskable' },
  { fileName: 'apple-touch-icon.png', size: 180, shape: 'opaque' },
] as const;

/**
 * Writes the icons into the build (before the service worker's precache list is made from it), and serves them in
 * `vite dev` under the app's base.
 */
export const appIcons = (): Plugin => {
  const drawn = new Map<string, Buffer>();
  const draw = (icon: (typeof ICONS)[number]) => {
    let png = drawn.get(icon.fileName);
    if (!png) {
      png = drawIcon(icon.size, icon.shape);
      drawn.set(icon.fileName, png);
    }
    return png;
  };
  return {
    name: 'zaryad:app-icons',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const icon = ICONS.find((item) => request.url === `${server.config.base}${item.fileName}`);
        if (!icon) {
          next();
          return;
        }
        response.setHeader('Content-Type', 'image/png');
        response.end(draw(icon));
      });
    },
    generateBundle() {
      for (const icon of ICONS) {
        this.emitFile({ type: 'asset', fileName: icon.fileName, source: draw(icon) });
      }
    },
  };
};
