import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readImageSize } from './image-size';
import { encodePng } from './png';

/** The file's chunks as [type, data], each CRC checked. */
const chunks = (png: Buffer) => {
  const found: [string, Buffer][] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const typed = png.subarray(at + 4, at + 8 + length);
    expect(png.readUInt32BE(at + 8 + length)).toBe(crc32(typed) >>> 0);
    found.push([typed.subarray(0, 4).toString('latin1'), typed.subarray(4)]);
    at += 12 + length;
  }
  return found;
};

describe('encodePng', () => {
  it('writes a valid RGB PNG whose pixels are the function given', () => {
    const png = encodePng(3, 2, (x, y) => [x * 10, y * 20, 255]);
    expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(readImageSize('png', png)).toEqual({ status: 'found', width: 3, height: 2 });
    const parts = chunks(png);
    expect(parts.map(([type]) => type)).toEqual(['IHDR', 'IDAT', 'IEND']);
    // Each scanline: its filter byte (0), then three RGB pixels.
    // prettier-ignore
    expect([...inflateSync(parts[1]![1])]).toEqual([
      0, 0, 0, 255, 10, 0, 255, 20, 0, 255,
      0, 0, 20, 255, 10, 20, 255, 20, 20, 255,
    ]);
  });
});
