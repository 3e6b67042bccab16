import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this, the headers of a compressed answer outweigh the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes `.gz` and `.br` next to each built text asset, once at build time at the highest levels, so the
 * server sends compressed files (@fastify/static's `preCompressed`) without compressing on every request.
 */
export const precompress = (): Plugin => ({
  name: 'zaryad:precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? '';
    const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(
      files.map(async (file) => {
        const path = join(outDir, file);
        const bytes = await readFile(path);
        if (bytes.length < MIN_BYTES) {
          return;
        }
        const [gzipped, brotli] = await Promise.all([
          gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          brotliAsync(bytes, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
        ]);
        await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
      }),
    );
  },
});
