import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * The web build's prerendered pages (apps/web/build/prerender.ts): for a signed-in screen, the app's page with the
 * screen's first frame in it, which a phone paints before the app's scripts arrive. Its manifest names the route each
 * page answers and the CSP hash of the one inline script that picks the frame's language.
 */
export const PRERENDER_DIR = 'prerender';

const ZManifest = z.object({
  scriptHashes: z.array(z.string().regex(/^'sha256-[A-Za-z0-9+/]+={0,2}'$/)),
  pages: z.array(z.object({ pattern: z.string().regex(/^\/[\w\-/:]*$/), file: z.string().regex(/^[\w-]+\.html$/) })),
});

export type TPrerendered = {
  /** CSP sources of the pages' inline script, for script-src. */
  scriptHashes: string[];
  /** The page (a path under the build folder) for a request's path, when one was prerendered for its route. */
  pageFor: (path: string) => string | undefined;
};

const NONE: TPrerendered = { scriptHashes: [], pageFor: () => undefined };

const segments = (path: string) => path.split('/').filter((segment) => segment.length > 0);

/** `/merchant/:id` matches `/merchant/12` and `/merchant/12/`, not `/merchant` or `/merchant/12/stations`. */
export const matchesPattern = (pattern: string, path: string) => {
  const expected = segments(pattern);
  const actual = segments(path);
  return (
    expected.length === actual.length &&
    expected.every((segment, index) => segment.startsWith(':') || segment === actual[index])
  );
};

/**
 * CSP sources of a page's inline scripts (`<script>` without attributes): index.html's one marks the page signed out
 * and with the account's theme before the first paint, so that the shell it draws is the screen's shape.
 */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );

/** Reads the manifest once, at start. A build without one (or no build) serves the plain page everywhere. */
export const readPrerendered = (webDistDir: string): TPrerendered => {
  const indexPath = join(webDistDir, 'index.html');
  const indexHashes = existsSync(indexPath) ? inlineScriptHashes(readFileSync(indexPath, 'utf8')) : [];
  const manifestPath = join(webDistDir, PRERENDER_DIR, 'manifest.json');
  if (!existsSync(manifestPath)) {
    return { ...NONE, scriptHashes: indexHashes };
  }
  const parsed = ZManifest.safeParse(JSON.parse(readFileSync(manifestPath, 'utf8')));
  if (!parsed.success) {
    throw new Error(`${manifestPath} is not a prerender manifest: ${parsed.error.message}; rebuild the web app`);
  }
  const { pages, scriptHashes } = parsed.data;
  return {
    scriptHashes: [...indexHashes, ...scriptHashes],
    pageFor: (path) => {
      const page = pages.find((candidate) => matchesPattern(candidate.pattern, path));
      return page ? `${PRERENDER_DIR}/${page.file}` : undefined;
    },
  };
};
