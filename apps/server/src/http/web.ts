import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic, { type FastifyStaticOptions } from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sendDetail } from './errors';
import type { TPrerendered } from './prerendered';

export interface WebOptions {
  /** The built web app (apps/web/dist). */
  webDistDir: string;
  /** The build's prerendered first frames of the signed-in screens (http/prerendered.ts). */
  prerendered: TPrerendered;
}

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Zaryad</title></head>
<body><h1>Zaryad</h1><p>The web app is not built yet. Run <code>npm run build</code> (or <code>npm start</code>) in the repository root, then reload this page.</p>
<p>The API is running: <a href="/api/docs">/api/docs</a>.</p></body></html>`;

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');
const isMediaPath = (path: string) => path === '/media' || path.startsWith('/media/');

/**
 * How a Vite build's files are sent (the dashboard's here, the drivers' app's in driver-app.ts): the precompressed .br
 * and .gz beside each (apps/web/build/precompress.ts), no folder listing or index, no dotfiles, and our Cache-Control
 * instead of the plugin's `public, max-age=0`. Vite fingerprints every file under assets/ (its name changes with its
 * content): a browser may keep it for good. Everything else (index.html, the favicon, a service worker) keeps its name
 * across builds, so it is revalidated (ETag). `path` is the file sent, the .br or .gz one included.
 */
export const builtFiles = (root: string): FastifyStaticOptions => ({
  root,
  index: false,
  list: false,
  preCompressed: true,
  dotfiles: 'deny',
  cacheControl: false,
  setHeaders: (response, path) => {
    const isHashedAsset = relative(root, path).split(sep)[0] === 'assets';
    response.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
  },
});

/** Serves the single-page app and its fallback for client-side routes (uploaded media: http/media.ts). */
const webPlugin = async (app: FastifyInstance, options: WebOptions) => {
  const hasBuild = existsSync(join(options.webDistDir, 'index.html'));

  /** The app's page for a client-side route: with the screen's first frame when the build prerendered its route. */
  const sendApp = (reply: FastifyReply, path: string) => {
    // The page names the current hashed assets: it must be revalidated on every visit (issue 10 item 7).
    reply.header('Cache-Control', 'no-cache');
    if (!hasBuild) {
      return reply.code(200).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    }
    return reply.sendFile(options.prerendered.pageFor(path) ?? 'index.html', options.webDistDir);
  };

  // The main page is a route of the app like the others (the dashboard's frame), not the folder's index.
  app.get('/', { config: { permission: 'public' }, schema: { hide: true } }, (_request, reply) => sendApp(reply, '/'));
  if (hasBuild) {
    await app.register(fastifyStatic, { ...builtFiles(options.webDistDir), prefix: '/' });
  }

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const isPageRequest = request.method === 'GET' || request.method === 'HEAD';
    if (isPageRequest && !isApiPath(path) && !isMediaPath(path)) {
      return sendApp(reply, path);
    }
    return sendDetail(reply, request, 404, isApiPath(path) ? `route_not_found:${path.slice(0, 200)}` : 'not_found');
  });
};

export const web = fp(webPlugin, { name: 'web', dependencies: ['errors'] });
