/** What an uploaded file really is, judged by its first bytes: the name and the declared type are the client's say. */
export type TMediaFormat = { kind: 'image'; extension: 'png' | 'jpg' } | { kind: 'video'; extension: 'mp4' };

/** Enough bytes to tell the formats below apart. */
export const SNIFF_BYTES = 12;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// ISO base media files whose major brand is one an MP4 player accepts.
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'dash', 'M4V ', 'MSNV', 'mmp4']);

export const sniffMedia = (head: Buffer): TMediaFormat | null => {
  if (head.length >= PNG_SIGNATURE.length && head.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE)) {
    return { kind: 'image', extension: 'png' };
  }
  // JPEG: start-of-image marker followed by the first segment's marker.
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { kind: 'image', extension: 'jpg' };
  }
  // MP4: the file opens with an `ftyp` box (4-byte size, then the type, then the major brand).
  if (head.length >= SNIFF_BYTES && head.toString('latin1', 4, 8) === 'ftyp') {
    const size = head.readUInt32BE(0);
    if (size >= 16 && MP4_BRANDS.has(head.toString('latin1', 8, 12))) {
      return { kind: 'video', extension: 'mp4' };
    }
  }
  return null;
};
