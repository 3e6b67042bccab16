/**
 * The pixel size of a PNG or JPEG, read from its header (PNG: IHDR; JPEG: the first start-of-frame segment), so that a
 * rule on the real picture (the fullscreen's 9:19.5) needs no image library. Answers null for a file whose header
 * does not hold a size: a truncated or forged image.
 */
export interface ImageDimensions {
  width: number;
  height: number;
}

const PNG_IHDR_OFFSET = 12;

const pngDimensions = (bytes: Buffer): ImageDimensions | null => {
  // Signature (8), chunk length (4), 'IHDR' (4), width (4), height (4).
  if (bytes.length < 24 || bytes.toString('latin1', PNG_IHDR_OFFSET, PNG_IHDR_OFFSET + 4) !== 'IHDR') {
    return null;
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  return width > 0 && height > 0 ? { width, height } : null;
};

/** SOF0..SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range but carry no frame. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const jpegDimensions = (bytes: Buffer): ImageDimensions | null => {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) {
      return null;
    }
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xff) {
      // Fill bytes before a marker.
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) {
      // End of image or start of scan before any frame header.
      return null;
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) {
      return null;
    }
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) {
        return null;
      }
      const height = bytes.readUInt16BE(offset + 5);
      const width = bytes.readUInt16BE(offset + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    offset += 2 + length;
  }
  return null;
};

export const imageDimensions = (bytes: Buffer, format: 'png' | 'jpeg'): ImageDimensions | null =>
  format === 'png' ? pngDimensions(bytes) : jpegDimensions(bytes);
