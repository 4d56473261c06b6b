import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 2_048;

/**
 * Compression of answers by Accept-Encoding (brotli, else gzip) above COMPRESS_MIN_BYTES:
 * large JSON (feeds, company lists, price history) shrinks to a fifth or less. Brotli runs at
 * quality 4 (quality 11, zlib's default, costs ten times the CPU for a few per cent). Answers
 * that already carry a Content-Encoding (the web build's precompressed .br/.gz assets) pass
 * untouched, so do `text/event-stream` streams (the plugin's default type filter; our SSE
 * routes also hijack their reply). Request bodies are not decompressed (no compressed uploads;
 * a compressed body is a 400 as before). Registered before the static files plugin and every
 * route: it hooks routes as they are added.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_MIN_BYTES,
    brotliOptions: {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    },
    zlibOptions: { level: 6 },
  });
}
