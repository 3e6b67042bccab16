import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { isAbsolute, join, normalize, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FileStorage } from '../../platform/storage';

/** Public prefix of uploaded files; src/http/web.ts serves the uploads root there. */
export const MEDIA_URL_PREFIX = '/media/';

const EXTENSION = /^[a-z0-9]{1,8}$/;
const FOLDER = /^[a-z0-9-]{1,40}$/;

/** Local disk: `<uploadsDir>/<folder>/<random>.<extension>`, served as `/media/<folder>/<file>`. */
export const createLocalFileStorage = (uploadsDir: string, folder: string): FileStorage => {
  if (!FOLDER.test(folder)) {
    throw new Error(`invalid storage folder: ${folder}`);
  }
  // A stored path comes from our own database, but a path outside the folder must never be touched all the same.
  const resolveInside = (path: string) => {
    const absolute = join(uploadsDir, normalize(path));
    const inside = relative(join(uploadsDir, folder), absolute);
    if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.includes(sep)) {
      throw new Error(`path outside the ${folder} uploads: ${path}`);
    }
    return absolute;
  };

  const newPath = async (extension: string) => {
    if (!EXTENSION.test(extension)) {
      throw new Error(`invalid file extension: ${extension}`);
    }
    await mkdir(join(uploadsDir, folder), { recursive: true });
    return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
  };

  return {
    async saveFile(buffer, extension) {
      const path = await newPath(extension);
      // wx: a name collision (practically impossible with 128 random bits) fails instead of overwriting.
      await writeFile(join(uploadsDir, path), buffer, { flag: 'wx' });
      return path;
    },
    async saveStream(source, extension) {
      const path = await newPath(extension);
      try {
        await pipeline(Readable.from(source), createWriteStream(join(uploadsDir, path), { flags: 'wx' }));
      } catch (error) {
        await rm(join(uploadsDir, path), { force: true });
        throw error;
      }
      return path;
    },
    async deleteFile(path) {
      await rm(resolveInside(path), { force: true });
    },
    url: (path) => `${MEDIA_URL_PREFIX}${path}`,
  };
};
