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
 * What a domain may ask of the file storage (modules/media: the local disk). Paths are relative to the uploads root
 * (`surroundings/3f9c….svg`), so that object storage can replace the disk without a data migration.
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
