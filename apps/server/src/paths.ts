import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's own folder (apps/server), for both ways it runs: from its sources (`src/**.ts` through tsx, in tests
 * and `npm run dev`) and from the production build (`dist/server-*.cjs`, one bundle, `npm start`). This file and the
 * bundle both sit one folder below it, so a path resolved here is right in both; a path resolved from another
 * module's `import.meta.url` is not, since in the bundle every module's URL is the bundle's.
 */
export const SERVER_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The repository root: defaults point here so that `npm start` keeps data in `<repo>/data`. */
export const REPO_ROOT = join(SERVER_ROOT, '../../');

/** A file or folder of the server's, given from apps/server (`serverPath('drizzle')`). */
export const serverPath = (...parts: string[]) => join(SERVER_ROOT, ...parts);

/** Whether this process runs the production build (`dist/server-*.cjs`) rather than the TypeScript sources. */
export const RUNS_BUILD = !new URL(import.meta.url).pathname.endsWith('.ts');
