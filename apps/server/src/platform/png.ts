import { crc32, deflateSync } from 'node:zlib';

// The one PNG encoder of the server, for generated pictures (the demo seed's station photos and adverts, test
// uploads): 8-bit RGB, no filter, so that the demo needs no binary assets and no image library.

export type TRgb = readonly [number, number, number];

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, checksum]);
};

/** A channel `t` of the way from `a` to `b`, rounded. */
export const mixChannel = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** An RGB PNG of `width` × `height` whose pixel at (x, y) is `pixelAt(x, y)`. */
export const encodePng = (width: number, height: number, pixelAt: (x: number, y: number) => TRgb): Buffer => {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    // Each scanline starts with its filter type: 0, none.
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixelAt(x, y);
      row[1 + x * 3] = r;
      row[2 + x * 3] = g;
      row[3 + x * 3] = b;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
