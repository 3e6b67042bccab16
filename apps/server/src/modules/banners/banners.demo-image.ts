import { encodePng, mixChannel as mix, type TRgb } from '../../platform/png';

// A generated advert for the demo seed and the tests (a two-colour gradient, soft circles, a
// lightning bolt and a button-like bar), drawn through the platform's PNG encoder.

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
  return encodePng(width, height, (x, y) => {
    const t = (x / width + y / height) / 2;
    let pixel: TRgb = [mix(from[0], to[0], t), mix(from[1], to[1], t), mix(from[2], to[2], t)];
    for (const circle of circles) {
      if ((x - circle.x) ** 2 + (y - circle.y) ** 2 < circle.r ** 2) {
        pixel = [mix(pixel[0], 255, 0.08), mix(pixel[1], 255, 0.08), mix(pixel[2], 255, 0.08)];
      }
    }
    if (isInside((x - boltX) / boltSize, (y - boltY) / boltSize, BOLT)) {
      return accent;
    }
    if (x >= bar.x0 && x < bar.x1 && y >= bar.y0 && y < bar.y1) {
      return [255, 255, 255];
    }
    return pixel;
  });
};

/** Sizes the demo and the tests use: a 2:1 banner and a 9:19.5 fullscreen (360 × 780). */
export const DEMO_BANNER_SIZE = { width: 640, height: 320 } as const;
export const DEMO_FULLSCREEN_SIZE = { width: 360, height: 780 } as const;
