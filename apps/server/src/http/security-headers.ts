import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

/**
 * Where the map's tiles come from, as a CSP source: the origin of MAP_TILE_URL, its `{s}` subdomains as a wildcard
 * (`https://{s}.tile.example.org/{z}/{x}/{y}.png` → `https://*.tile.example.org`). A relative template is 'self'.
 */
export const tileSource = (template: string): string | undefined => {
  const marker = 'subdomain0marker';
  let url: URL;
  try {
    url = new URL(template.replace(/\{s\}/g, marker).replace(/\{[^}]*\}/g, '0'));
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return undefined;
  }
  return `${url.protocol}//${url.host.replace(marker, '*')}`;
};

/**
 * The Content-Security-Policy of the app and the API: exactly what the web app loads. Scripts only from this origin,
 * and the prerendered pages' one inline script by its hash (http/prerendered.ts); styles from this origin and inline (Ant Design and Leaflet set style attributes and
 * inject style elements at run time); images from here, the tile server, and data:/blob: (the cropper's previews);
 * media from here and blob: (a chosen video before upload); the drivers' app's service worker and web manifest from here
 * only (said outright, though default-src would give the same). The geocoder is not listed: the browser never calls it, the
 * server does (modules/geo). Uploaded media keep their own stricter policy (http/web.ts).
 */
export const contentSecurityPolicy = (
  config: Pick<AppConfig, 'mapTileUrl' | 'publicUrl'>,
  scriptHashes: readonly string[] = [],
) => {
  const tiles = tileSource(config.mapTileUrl);
  const isHttps = config.publicUrl.startsWith('https://');
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'", ...scriptHashes],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    ...(isHttps && { 'upgrade-insecure-requests': [] }),
  };
};

/** 180 days, the minimum the HSTS preload list takes. */
const HSTS_MAX_AGE = 180 * 24 * 60 * 60;

/**
 * Security headers on every answer, the API's included: the CSP above, no framing (frame-ancestors and
 * X-Frame-Options), nosniff, Referrer-Policy same-origin, and HSTS when PUBLIC_URL is https.
 */
const securityHeadersPlugin = async (
  app: FastifyInstance,
  options: { config: AppConfig; scriptHashes: readonly string[] },
) => {
  const { config, scriptHashes } = options;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, scriptHashes) },
    strictTransportSecurity: config.publicUrl.startsWith('https://')
      ? { maxAge: HSTS_MAX_AGE, includeSubDomains: true }
      : false,
    referrerPolicy: { policy: 'same-origin' },
    frameguard: { action: 'deny' },
    xContentTypeOptions: true,
    // The tiles are images of another origin without CORP headers: requiring them would blank the map.
    crossOriginEmbedderPolicy: false,
  });
};

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
