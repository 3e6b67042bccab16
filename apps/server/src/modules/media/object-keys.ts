/**
 * The keys of the object stores (platform/storage.ts `ObjectStore`): segments of letters, digits and `._-` between
 * slashes, none empty or starting with a dot, so that a key never climbs out of the uploads (`..`), names a hidden
 * file (a store's own temporary files start with a dot), or differs between the disk and a bucket.
 */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 1024;

export const isValidKey = (key: string) =>
  key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((segment) => SEGMENT.test(segment));

export class InvalidKeyError extends Error {
  constructor(key: string) {
    super(`invalid storage key: ${JSON.stringify(key.slice(0, 200))}`);
  }
}

export const assertValidKey = (key: string) => {
  if (!isValidKey(key)) {
    throw new InvalidKeyError(key);
  }
};

/** The types of what the product stores (multipart's formats, firmware and diagnostics), by extension. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  gif: 'image/gif',
  mp4: 'video/mp4',
  webm: 'video/webm',
  pdf: 'application/pdf',
  json: 'application/json',
  txt: 'text/plain; charset=utf-8',
};

export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

/** The content type a key's extension names (`application/octet-stream` for any other). */
export const contentTypeOf = (key: string) => {
  const name = key.slice(key.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return (dot > 0 && CONTENT_TYPES[name.slice(dot + 1).toLowerCase()]) || DEFAULT_CONTENT_TYPE;
};
