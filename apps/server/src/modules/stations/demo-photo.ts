import { crc32, deflateSync } from 'node:zlib';

// A tiny PNG encoder for the demo seed: a generated "photo" of a charging station (sky, ground, a charger post in
// the brand colour), so that the demo needs no binary assets and no image library.

const WIDTH = 320;
const HEIGHT = 240;
const BRAND: [number, number, number] = [0x22, 0xa6, 0x99];

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, checksum]);
};

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/** A 320x240 RGB PNG; `variant` moves the sun, the charger and the ground colour so that photos differ. */
export const demoStationPhoto = (variant: number): Buffer => {
  const chargerX = 60 + ((variant * 53) % 180);
  const sunX = 40 + ((variant * 97) % 240);
  const ground: [number, number, number] = variant % 2 === 0 ? [96, 110, 120] : [112, 128, 96];
  const rows: Buffer[] = [];
  for (let y = 0; y < HEIGHT; y += 1) {
    const row = Buffer.alloc(1 + WIDTH * 3);
    // Filter type 0 (none) for every scanline.
    row[0] = 0;
    for (let x = 0; x < WIDTH; x += 1) {
      let pixel: [number, number, number];
      const isSun = (x - sunX) ** 2 + (y - 40) ** 2 < 18 ** 2;
      const isPost = x >= chargerX && x < chargerX + 36 && y >= 90 && y < 190;
      const isScreen = x >= chargerX + 8 && x < chargerX + 28 && y >= 102 && y < 122;
      const isCable = x >= chargerX + 36 && x < chargerX + 40 && y >= 130 && y < 180;
      if (isScreen) {
        pixel = [230, 245, 243];
      } else if (isPost) {
        pixel = BRAND;
      } else if (isCable) {
        pixel = [40, 40, 40];
      } else if (isSun) {
        pixel = [255, 214, 102];
      } else if (y < 170) {
        const t = y / 170;
        pixel = [mix(110, 190, t), mix(170, 220, t), mix(230, 245, t)];
      } else {
        const shade = ((x + y) % 7) * 2;
        pixel = [ground[0] + shade, ground[1] + shade, ground[2] + shade];
      }
      row[1 + x * 3] = pixel[0];
      row[2 + x * 3] = pixel[1];
      row[3 + x * 3] = pixel[2];
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(WIDTH, 0);
  header.writeUInt32BE(HEIGHT, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};
