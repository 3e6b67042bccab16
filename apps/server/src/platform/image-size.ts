/**
 * An image's pixel size read from its header bytes, before anything decodes it: a 100 KB PNG can claim 30000 × 30000
 * pixels, 3.6 GB once decoded by a browser or an image library.
 */

/** At most 8,000 pixels a side and 40 megapixels (issue 18). */
export const MAX_IMAGE_SIDE = 8000;
export const MAX_IMAGE_PIXELS = 40_000_000;
/** How far into a JPEG its frame header is looked for (metadata segments come first: EXIF, ICC profiles). */
export const IMAGE_HEADER_SCAN_BYTES = 512 * 1024;

export type TImageSize =
  | { status: 'found'; width: number; height: number }
  /** More bytes are needed. */
  | { status: 'more' }
  /** The bytes end (or the image ends) before any frame: there are no pixels to decode. */
  | { status: 'none' }
  | { status: 'malformed' };

// Start-of-frame markers carry the size: SOF0-3, 5-7, 9-11, 13-15 (not DHT C4, JPG C8, DAC CC).
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

const pngSize = (bytes: Buffer): TImageSize => {
  // Signature (8), then the first chunk must be IHDR: length (4), type (4), width (4), height (4).
  if (bytes.length < 24) {
    return { status: 'more' };
  }
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') {
    return { status: 'malformed' };
  }
  return { status: 'found', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};

const jpegSize = (bytes: Buffer): TImageSize => {
  let offset = 2;
  for (;;) {
    // Fill bytes (0xFF) may pad before a marker.
    while (offset < bytes.length && bytes[offset] === 0xff && bytes[offset + 1] === 0xff) {
      offset += 1;
    }
    if (offset + 2 > bytes.length) {
      return { status: 'more' };
    }
    if (bytes[offset] !== 0xff) {
      return { status: 'malformed' };
    }
    const marker = bytes[offset + 1] ?? 0;
    if (marker === 0xd9 || marker === 0xda) {
      // End of image, or the scan's data before any frame header: nothing declares a size to decode.
      return marker === 0xd9 ? { status: 'none' } : { status: 'malformed' };
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (offset + 4 > bytes.length) {
      return { status: 'more' };
    }
    const length = bytes.readUInt16BE(offset + 2);
    if (length < 2) {
      return { status: 'malformed' };
    }
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) {
        return { status: 'more' };
      }
      return { status: 'found', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
};

export const readImageSize = (format: 'png' | 'jpeg', bytes: Buffer): TImageSize =>
  format === 'png' ? pngSize(bytes) : jpegSize(bytes);

/** Whether a declared size is within the limits; a zero side is no image either. */
export const isImageSizeAllowed = (width: number, height: number) =>
  width > 0 && height > 0 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE && width * height <= MAX_IMAGE_PIXELS;
