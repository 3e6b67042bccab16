import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage, FileStore, PrivateFileStorage } from '../../platform/storage';

/** Public prefix of uploaded files; src/http/web.ts serves the uploads root there. */
export const MEDIA_URL_PREFIX = '/media/';

/** The uploads' folder that /media never serves (createPrivateFileStorage). */
export const PRIVATE_UPLOADS_FOLDER = 'private';

const EXTENSION = /^[a-z0-9]{1,8}$/;
const FOLDER = /^[a-z0-9-]{1,40}$/;

/** Files on the local disk under `<root>/<folder>/<random>.<extension>`, paths relative to `root`. */
const createDiskStore = (root: string, folder: string) => {
  if (!FOLDER.test(folder)) {
    throw new Error(`invalid storage folder: ${folder}`);
  }
  // A stored path comes from our own database, but a path outside the folder must never be touched all the same.
  const resolveInside = (path: string) => {
    const absolute = join(root, normalize(path));
    const inside = relative(join(root, folder), absolute);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.includes(sep)) {
      throw new Error(`path outside the ${folder} uploads: ${path}`);
    }
    return absolute;
  };

  const newPath = async (extension: string) => {
    if (!EXTENSION.test(extension)) {
      throw new Error(`invalid file extension: ${extension}`);
    }
    await mkdir(join(root, folder), { recursive: true });
    return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  };

  const store: FileStore = {
    async saveFile(buffer, extension) {
      const path = await newPath(extension);
      // wx: a name collision (practically impossible with 128 random bits) fails instead of overwriting.
      await writeFile(join(root, path), buffer, { flag: 'wx' });
      return path;
    },
    async saveStream(source, extension) {
      const path = await newPath(extension);
      try {
        await pipeline(Readable.from(source), createWriteStream(join(root, path), { flags: 'wx' }));
      } catch (error) {
        await rm(join(root, path), { force: true });
        throw error;
      }
      return path;
    },
    async deleteFile(path) {
      await rm(resolveInside(path), { force: true });
    },
  };
  return { store, resolveInside };
};

/** Local disk: `<uploadsDir>/<folder>/<random>.<extension>`, served as `/media/<folder>/<file>`. */
export const createLocalFileStorage = (uploadsDir: string, folder: string): FileStorage => {
  if (folder === PRIVATE_UPLOADS_FOLDER) {
    throw new Error(`the ${folder} uploads folder is not public`);
  }
  return { ...createDiskStore(uploadsDir, folder).store, url: (path) => `${MEDIA_URL_PREFIX}${path}` };
};

/**
 * Local disk out of /media's reach: `<uploadsDir>/private/<folder>/<random>.<extension>` (http/web.ts serves nothing
 * under `private/`, and backups copy it with the other uploads); the domain reads its files back with `open`.
 */
export const createPrivateFileStorage = (uploadsDir: string, folder: string): PrivateFileStorage => {
  const { store, resolveInside } = createDiskStore(join(uploadsDir, PRIVATE_UPLOADS_FOLDER), folder);
  return {
    ...store,
    async open(path) {
      const absolute = resolveInside(path);
      try {
        const file = await stat(absolute);
        return file.isFile() ? { size: file.size, stream: (range) => createReadStream(absolute, range) } : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return null;
        }
        throw error;
      }
    },
  };
};
