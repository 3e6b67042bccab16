import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Answers smaller than this go as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/**
 * Compresses answers over 1 KB (JSON, csv and other text; not xlsx, images or video, already packed) with br or gzip,
 * as the client accepts. A streamed answer (an export) is compressed as it streams, chunk by chunk, with the stream's
 * backpressure intact. Brotli at quality 4: the default 11 is meant for files compressed once, and would cost the
 * server more time than the transfer saves. Request bodies are not decompressed (no zip bombs through the body limit).
 */
const compressionPlugin = async (app: FastifyInstance) => {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
};

export const compression = fp(compressionPlugin, { name: 'compression' });
