import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { sendDetail } from './errors';
import { builtFiles } from './web';

export interface DriverAppOptions {
  /** The built drivers' app (apps/driver/dist). */
  driverDistDir: string;
}

/** Where the drivers' app lives: its own bundle beside the dashboard's (docs/product/driver-app.md). */
export const DRIVER_APP_PREFIX = '/app';

const MISSING_BUILD_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Zaryad</title></head>
<body><h1>Zaryad</h1><p>The drivers' app is not built yet. Run <code>npm run build</code> in the repository root, then reload this page.</p></body></html>`;

/**
 * Serves the drivers' web app under /app/: its hashed assets for good, its page (and every client route's, `/app/c/42`
 * from a charger's QR code) revalidated on each visit, so that a new build reaches the driver at once. So are its other
 * files: the service worker (sw.js, whose scope is /app/ where it lives), its registration and the web manifest.
 */
const driverAppPlugin = async (app: FastifyInstance, options: DriverAppOptions) => {
  const hasBuild = existsSync(join(options.driverDistDir, 'index.html'));
  const sendPage = (reply: FastifyReply) => {
    reply.header('Cache-Control', 'no-cache');
    if (!hasBuild) {
      return reply.code(200).type('text/html; charset=utf-8').send(MISSING_BUILD_PAGE);
    }
    return reply.sendFile('index.html', options.driverDistDir);
  };
  // Its files under one route (`/app/*`) rather than a route per file (`wildcard: false` globbed the folder and added
  // two hundred routes at every start: 60-90 ms of it, docs/benchmarks.md section 2); a path that names no file is a
  // client route, answered with the page by this scope's own not-found handler.
  await app.register(
    async (scope) => {
      if (hasBuild) {
        await scope.register(fastifyStatic, {
          ...builtFiles(options.driverDistDir),
          prefix: '/',
          // The dashboard's static files registered the reply's sendFile already, unless the dashboard is not built.
          decorateReply: !scope.hasReplyDecorator('sendFile'),
        });
      }
      // `/app` and `/app/` (a prefixed scope's root route answers both).
      scope.get('/', { config: { permission: 'public' }, schema: { hide: true } }, (_request, reply) =>
        sendPage(reply),
      );
      scope.setNotFoundHandler((request, reply) =>
        request.method === 'GET' || request.method === 'HEAD'
          ? sendPage(reply)
          : sendDetail(reply, request, 404, 'not_found'),
      );
    },
    { prefix: DRIVER_APP_PREFIX },
  );
};

export const driverApp = fp(driverAppPlugin, { name: 'driver-app', dependencies: ['web'] });
