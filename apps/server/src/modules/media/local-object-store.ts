import { randomBytes } from 'node:crypto';
import { createWriteStream, type Stats } from 'node:fs';
import { access, constants, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '../../config';
import type { ObjectInfo, ObjectStore } from '../../platform/storage';
import { assertValidKey, contentTypeOf, isValidKey } from './object-keys';

/** The errors of a path that is not (or no longer) a file: the object is absent. */
const ABSENT = new Set(['ENOENT', 'ENOTDIR', 'EISDIR']);
const isAbsent = (error: unknown) => ABSENT.has((error as NodeJS.ErrnoException).code ?? '');

/** The weak ETag `send` (and so @fastify/static) gave these files before: size and modification time. */
const etagOf = (file: Stats) => `W/"${file.size.toString(16)}-${file.mtime.getTime().toString(16)}"`;

/**
 * The local folder (`DATA_DIR/uploads`, the default): an object is the file `<root>/<key>`, exactly where the
 * uploads always were, so existing data needs nothing. A put writes a hidden temporary file beside its place and
 * renames it there, so that a file is never seen half written, and a failed write leaves nothing.
 */
export const createLocalObjectStore = (root: string): ObjectStore => {
  const fileOf = (key: string) => {
    assertValidKey(key);
    return join(root, ...key.split('/'));
  };

  const info = (key: string, file: Stats): ObjectInfo => ({
    key,
    size: file.size,
    contentType: contentTypeOf(key),
    lastModified: file.mtime,
    etag: etagOf(file),
  });

  /** The files under `folder` (whose keys start with `prefix`) that `wanted` (a key's start) may select. */
  async function* walk(folder: string, prefix: string, wanted: string): AsyncGenerator<ObjectInfo> {
    let entries;
    try {
      entries = await readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isAbsent(error)) {
        return;
      }
      throw error;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const key = `${prefix}${entry.name}`;
      if (!isValidKey(key)) {
        continue;
      }
      if (entry.isDirectory()) {
        const inside = `${key}/`;
        if (inside.startsWith(wanted) || wanted.startsWith(inside)) {
          yield* walk(join(folder, entry.name), inside, wanted);
        }
      } else if (entry.isFile() && key.startsWith(wanted)) {
        try {
          yield info(key, await stat(join(folder, entry.name)));
        } catch (error) {
          // Removed while the walk went by.
          if (!isAbsent(error)) {
            throw error;
          }
        }
      }
    }
  }

  const store: ObjectStore = {
    kind: 'local',
    description: root,

    async put(key, source) {
      const file = fileOf(key);
      await mkdir(dirname(file), { recursive: true });
      const partial = join(dirname(file), `.${randomBytes(8).toString('hex')}.partial`);
      try {
        if (Buffer.isBuffer(source)) {
          await writeFile(partial, source, { flag: 'wx' });
        } else {
          await pipeline(Readable.from(source), createWriteStream(partial, { flags: 'wx' }));
        }
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },

    async get(key, range) {
      if (!isValidKey(key)) {
        return null;
      }
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (error) {
        if (isAbsent(error)) {
          return null;
        }
        throw error;
      }
      try {
        const file = await handle.stat();
        if (!file.isFile()) {
          await handle.close();
          return null;
        }
        // The stream owns the open file from here and closes it when it ends or is destroyed.
        const body = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
        return { ...info(key, file), body };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async stat(key) {
      if (!isValidKey(key)) {
        return null;
      }
      try {
        const file = await stat(fileOf(key));
        return file.isFile() ? info(key, file) : null;
      } catch (error) {
        if (isAbsent(error)) {
          return null;
        }
        throw error;
      }
    },

    async exists(key) {
      return (await store.stat(key)) !== null;
    },

    async delete(key) {
      await rm(fileOf(key), { force: true });
    },

    list: (prefix = '') => walk(root, '', prefix),

    presignedUrl: () => Promise.resolve(null),

    async verify() {
      try {
        await mkdir(root, { recursive: true });
        await access(root, constants.R_OK | constants.W_OK);
      } catch (error) {
        throw new ConfigError(
          `Invalid configuration:\n  DATA_DIR: the uploads folder ${root} cannot be used (${(error as Error).message})`,
          { cause: error },
        );
      }
    },
  };
  return store;
};
