import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { gzipAsync as zopfliGzip } from '@gfx/zopfli';
import type { Plugin } from 'vite';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Zopfli writes ordinary gzip that any browser inflates, 3 to 6% smaller than zlib's level 9, at about 6 s per MB of
 * source, paid once per build. Five iterations keep most of the gain (15 win another 0.2%).
 */
const ZOPFLI_ITERATIONS = 5;

/** Text assets worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt)$/;
/** Below this, the headers of a compressed answer outweigh the bytes saved. */
const MIN_BYTES = 1024;

/**
 * Writes `<path>.gz` and `<path>.br` beside a text file, at the highest levels; small files stay as they are. `gzipWith`:
 * zopfli, or zlib's level 9 where zopfli's few percent are not worth its time (pages that browsers mostly take as br).
 */
export const compressBeside = async (path: string, gzipWith: 'zopfli' | 'zlib' = 'zopfli') => {
  const bytes = await readFile(path);
  if (bytes.length < MIN_BYTES) {
    return;
  }
  const [gzipped, brotli] = await Promise.all([
    gzipWith === 'zopfli'
      ? zopfliGzip(bytes, { numiterations: ZOPFLI_ITERATIONS })
      : gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
    brotliAsync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
  ]);
  await Promise.all([writeFile(`${path}.gz`, gzipped), writeFile(`${path}.br`, brotli)]);
};

/**
 * Writes `.gz` and `.br` next to each built text asset, once at build time, so the server sends compressed files
 * (@fastify/static's `preCompressed`) without compressing on every request.
 */
export const precompress = (): Plugin => ({
  name: 'zaryad:precompress',
  apply: 'build',
  async writeBundle(options, bundle) {
    const outDir = options.dir ?? '';
    const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
    await Promise.all(files.map((file) => compressBeside(join(outDir, file))));
  },
});
