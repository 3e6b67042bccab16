import type { Readable } from 'node:stream';

/** Writing and removing stored files: what the multipart reader needs of any storage, public or private. */
export interface FileStore {
  /** Stores the bytes under a new random name with this extension; answers the relative path. */
  saveFile(buffer: Buffer, extension: string): Promise<string>;
  /**
   * Stores a stream without holding it in memory (videos of up to 100 MB); answers the relative path. When the
   * stream fails, the partial file is removed and the error rethrown.
   */
  saveStream(source: AsyncIterable<Uint8Array>, extension: string): Promise<string>;
  /** Removes a stored file; a file already gone is not an error. */
  deleteFile(path: string): Promise<void>;
}

/**
 * What a domain may ask of the file storage (modules/media, over the process's `ObjectStore`: the local disk or an
 * S3-compatible bucket). Paths are relative to the uploads root (`surroundings/3f9c….svg`): they are the objects' keys
 * in either store, so that a network moves from the disk to a bucket by copying the files, with no data migration.
 */
export interface FileStorage extends FileStore {
  /** The public URL of a stored file. */
  url(path: string): string;
}

/** A stored file opened for reading. */
export interface StoredFile {
  size: number;
  /** Its bytes, or those from `start` to `end` (both included, as an HTTP range). */
  stream(range?: { start: number; end: number }): Readable;
}

/**
 * Files no public URL serves (charge points' firmware and diagnostics): the domain hands them out itself, after its
 * own checks (docs/product/ocpp.md#4-states-and-rules). Paths are relative to the private root, as above.
 */
export interface PrivateFileStorage extends FileStore {
  /** The stored file, or null when it is gone. */
  open(path: string): Promise<StoredFile | null>;
}

/** Bytes from `start` to `end`, both included (an HTTP range). */
export interface ByteRange {
  start: number;
  end: number;
}

/** An HTTP Range of one span (`bytes=10-`, `bytes=10-19`, `bytes=-5`), or null for the whole file. */
export const rangeOf = (header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null => {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) {
    return null;
  }
  const [, first = '', last = ''] = match;
  const start = first === '' ? Math.max(0, size - Number(last)) : Number(first);
  const end = first === '' || last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return start > end || start >= size ? 'unsatisfiable' : { start, end };
};

/** What a store tells of one object without reading it. */
export interface ObjectInfo {
  key: string;
  /** The whole object's size in bytes. */
  size: number;
  contentType: string;
  lastModified: Date;
  /** A validator of this version of the object, quoted as an HTTP ETag (`"…"` or `W/"…"`). */
  etag: string;
}

/** An object opened for reading: its description and its bytes (only the range asked, when one was). */
export interface ObjectRead extends ObjectInfo {
  body: Readable;
}

/**
 * The bytes behind every upload, public and private: one flat space of keys (`stations/3f9c….jpg`,
 * `private/ocpp-firmware/….bin`; letters, digits, `._-` and `/` between segments, no segment starting with a dot).
 * Two implementations in modules/media: the local folder `DATA_DIR/uploads` (the default) and an S3-compatible bucket
 * (S3_URL, S3_BUCKET...). The storages above (`FileStorage`, `PrivateFileStorage`), the `/media/` route and the backup
 * reach files only through it.
 */
export interface ObjectStore {
  readonly kind: 'local' | 's3';
  /** Where the objects are, for messages (`DATA_DIR/uploads` or `s3://bucket at https://…`). */
  readonly description: string;
  /**
   * Stores an object, replacing one of the same key. A stream is written as it arrives (never held whole in memory);
   * when it fails nothing is left under the key and the error is rethrown.
   */
  put(key: string, source: Buffer | AsyncIterable<Uint8Array>, contentType: string): Promise<void>;
  /** The object with its bytes (of one range when asked: its `size` stays the whole object's), or null when absent. */
  get(key: string, range?: ByteRange): Promise<ObjectRead | null>;
  /** The object's description, or null when absent. */
  stat(key: string): Promise<ObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes an object; one already gone is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (all when empty), in key order: what a backup copies. */
  list(prefix?: string): AsyncIterable<ObjectInfo>;
  /**
   * An address that hands the object out for `seconds` without this server (a presigned GET of the bucket), or null
   * when the store has none (the local folder).
   */
  presignedUrl(key: string, seconds: number): Promise<string | null>;
  /** Checks at start that the store can be used (the bucket answers to these keys); throws a clear error if not. */
  verify(): Promise<void>;
}
