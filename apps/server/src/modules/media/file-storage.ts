import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import type { ByteRange, FileStorage, FileStore, ObjectStore, PrivateFileStorage } from '../../platform/storage';
import { createLocalObjectStore } from './local-object-store';
import { contentTypeOf } from './object-keys';

/** Public prefix of uploaded files; http/media.ts serves the store's public keys there. */
export const MEDIA_URL_PREFIX = '/media/';

/** The store's keys that /media never serves (createPrivateFileStorage). */
export const PRIVATE_UPLOADS_FOLDER = 'private';

const EXTENSION = /^[a-z0-9]{1,8}$/;
const FOLDER = /^[a-z0-9-]{1,40}$/;

/**
 * One domain's files in the store: `<prefix><folder>/<random>.<extension>`, paths relative to `prefix` (what the
 * domain's rows keep).
 */
const createFolderStore = (objects: ObjectStore, prefix: string, folder: string) => {
  if (!FOLDER.test(folder)) {
    throw new Error(`invalid storage folder: ${folder}`);
  }
  // A stored path comes from our own database, but a path outside the folder must never be touched all the same.
  const keyOf = (path: string) => {
    const [first, name, ...rest] = posix.normalize(path).split('/');
    if (first !== folder || name === undefined || name === '' || name === '..' || rest.length > 0) {
      throw new Error(`path outside the ${folder} uploads: ${path}`);
    }
    return `${prefix}${folder}/${name}`;
  };

  const newPath = (extension: string) => {
    if (!EXTENSION.test(extension)) {
      throw new Error(`invalid file extension: ${extension}`);
    }
    // 128 random bits: a name is never taken twice.
    return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  };

  const store: FileStore = {
    async saveFile(buffer, extension) {
      const path = newPath(extension);
      await objects.put(keyOf(path), buffer, contentTypeOf(path));
      return path;
    },
    async saveStream(source, extension) {
      const path = newPath(extension);
      await objects.put(keyOf(path), source, contentTypeOf(path));
      return path;
    },
    async deleteFile(path) {
      await objects.delete(keyOf(path));
    },
  };
  return { store, keyOf };
};

/** Public files: `<folder>/<random>.<extension>` in the store, served as `/media/<folder>/<file>`. */
export const createFileStorage = (objects: ObjectStore, folder: string): FileStorage => {
  if (folder === PRIVATE_UPLOADS_FOLDER) {
    throw new Error(`the ${folder} uploads folder is not public`);
  }
  return { ...createFolderStore(objects, '', folder).store, url: (path) => `${MEDIA_URL_PREFIX}${path}` };
};

/** Public files on the local disk under `<uploadsDir>` (tests and tools that look at the files themselves). */
export const createLocalFileStorage = (uploadsDir: string, folder: string): FileStorage =>
  createFileStorage(createLocalObjectStore(uploadsDir), folder);

/**
 * A readable that starts reading the object when created and fails when it is gone meanwhile, for callers that want
 * a stream at once (`StoredFile.stream`, sent by the route that asked).
 */
const lazyBody = (objects: ObjectStore, key: string, range?: ByteRange): Readable => {
  const output = new PassThrough();
  objects.get(key, range).then(
    (read) => {
      if (!read) {
        output.destroy(new Error(`stored file gone while read: ${key}`));
        return;
      }
      read.body.once('error', (error) => output.destroy(error));
      output.once('close', () => read.body.destroy());
      read.body.pipe(output);
    },
    (error: unknown) => output.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return output;
};

/**
 * Files out of /media's reach: `private/<folder>/<random>.<extension>` in the store (the /media route serves nothing
 * under `private/`, and backups copy it with the other uploads); the domain reads its files back with `open`.
 */
export const createPrivateFileStorage = (objects: ObjectStore, folder: string): PrivateFileStorage => {
  const { store, keyOf } = createFolderStore(objects, `${PRIVATE_UPLOADS_FOLDER}/`, folder);
  return {
    ...store,
    async open(path) {
      const key = keyOf(path);
      const info = await objects.stat(key);
      return info ? { size: info.size, stream: (range) => lazyBody(objects, key, range) } : null;
    },
  };
};
