import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ObjectInfo, type ObjectStore, rangeOf } from '../platform/storage';
import { sendDetail } from './errors';

export interface MediaOptions {
  /** The process's store of uploads (modules/media: the local folder or a bucket). */
  store: ObjectStore;
  /** The first segment of keys never served (files a domain hands out itself, after its own checks). */
  privateFolder?: string | undefined;
  /** Answer a public file by a 302 to a presigned URL of the store (S3_PRESIGN) instead of sending its bytes. */
  presign?: boolean | undefined;
}

export const MEDIA_PREFIX = '/media/';
/** How long a presigned address stays valid; the redirect to it may be kept for a small part of that. */
export const MEDIA_PRESIGN_SECONDS = 3600;
const REDIRECT_CACHE_SECONDS = 300;

/** The store's key of a /media URL, or null for a URL no key matches. */
const keyOfUrl = (url: string): string | null => {
  const path = url.split('?', 1)[0] ?? '';
  if (!path.startsWith(MEDIA_PREFIX)) {
    return null;
  }
  try {
    const key = decodeURIComponent(path.slice(MEDIA_PREFIX.length));
    return key === '' ? null : key;
  } catch {
    return null;
  }
};

const opaque = (etag: string) => etag.replace(/^W\//, '');

/** Whether the browser's copy is this version (If-None-Match, else If-Modified-Since): a 304 then. */
const isFresh = (request: FastifyRequest, info: ObjectInfo) => {
  const noneMatch = request.headers['if-none-match'];
  if (noneMatch !== undefined) {
    return noneMatch === '*' || noneMatch.split(',').some((tag) => opaque(tag.trim()) === opaque(info.etag));
  }
  const since = Date.parse(request.headers['if-modified-since'] ?? '');
  return Number.isFinite(since) && Math.floor(info.lastModified.getTime() / 1000) * 1000 <= since;
};

/** The headers of every file answer: what the browser may do with the users' bytes, and the file's validators. */
const fileHeaders = (reply: FastifyReply, info: ObjectInfo) =>
  reply
    // Uploaded bytes are the users': never let a browser guess them into HTML or script.
    .header('x-content-type-options', 'nosniff')
    // An svg opened on its own is a document: no script, no loads, but its inline styles may draw it.
    .header(
      'content-security-policy',
      info.contentType.startsWith('image/svg+xml')
        ? "default-src 'none'; style-src 'unsafe-inline'; sandbox"
        : "default-src 'none'; img-src 'self'; media-src 'self'; sandbox",
    )
    .header('cache-control', 'public, max-age=0')
    .header('accept-ranges', 'bytes')
    .header('etag', info.etag)
    .header('last-modified', info.lastModified.toUTCString())
    .header('content-type', info.contentType);

/**
 * Serves the store's public files at `/media/<key>` whatever the store (GET and HEAD): the bytes streamed through the
 * server with one range when asked, or with S3_PRESIGN a redirect to the bucket. A missing file, a key under the
 * private folder and a malformed path all answer 404.
 */
const mediaPlugin = async (app: FastifyInstance, options: MediaOptions) => {
  const { store, privateFolder } = options;
  const isPublic = (key: string) => privateFolder === undefined || key.split('/', 1)[0] !== privateFolder;
  const presign = options.presign === true && store.kind === 's3';

  // HEAD declared with GET rather than derived by Fastify, whose derived HEAD would answer a length of 0.
  app.route({
    method: ['GET', 'HEAD'],
    url: `${MEDIA_PREFIX}*`,
    config: { permission: 'public' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const key = keyOfUrl(request.url);
      if (key === null || !isPublic(key)) {
        return sendDetail(reply, request, 404, 'not_found');
      }
      if (presign) {
        const url = (await store.exists(key)) ? await store.presignedUrl(key, MEDIA_PRESIGN_SECONDS) : null;
        if (url === null) {
          return sendDetail(reply, request, 404, 'not_found');
        }
        return reply.header('cache-control', `private, max-age=${REDIRECT_CACHE_SECONDS}`).redirect(url, 302);
      }
      const isConditional =
        request.headers.range !== undefined ||
        request.headers['if-none-match'] !== undefined ||
        request.headers['if-modified-since'] !== undefined;
      // A plain GET is one read of the store; a HEAD, a range or a revalidation looks at the file first.
      if (request.method === 'GET' && !isConditional) {
        const read = await store.get(key);
        if (!read) {
          return sendDetail(reply, request, 404, 'not_found');
        }
        return fileHeaders(reply, read).header('content-length', read.size).send(read.body);
      }
      const info = await store.stat(key);
      if (!info) {
        return sendDetail(reply, request, 404, 'not_found');
      }
      fileHeaders(reply, info);
      if (isFresh(request, info)) {
        return reply.code(304).send();
      }
      // A range asked under If-Range only holds for the version the browser names; another gets the whole file.
      const ifRange = request.headers['if-range'];
      const range =
        typeof ifRange !== 'string' || opaque(ifRange) === opaque(info.etag)
          ? rangeOf(request.headers.range, info.size)
          : null;
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      const read = request.method === 'HEAD' ? null : await store.get(key, range ?? undefined);
      if (request.method !== 'HEAD' && !read) {
        // Removed since it was looked at.
        return sendDetail(reply, request, 404, 'not_found');
      }
      if (range) {
        reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${info.size}`);
      }
      reply.header('content-length', range ? range.end - range.start + 1 : info.size);
      return reply.send(read?.body);
    },
  });
};

export const media = fp(mediaPlugin, { name: 'media', dependencies: ['errors'] });
