import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Answers below this many bytes go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 2_048;

/**
 * Compression of answers by Accept-Encoding (brotli, else gzip) above COMPRESS_MIN_BYTES:
 * large JSON (feeds, company lists, price history) shrinks to a fifth or less. Brotli runs at
 * quality 2 and gzip at level 4: measured on a 47 KiB answer, brotli 4 cost ~1.5 ms a call and cut
 * throughput tenfold, quality 2 ~0.3–0.6 ms for about the same size as gzip 6. Answers
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
        [constants.BROTLI_PARAM_QUALITY]: 2,
      },
    },
    zlibOptions: { level: 4 },
    // Whole answers up to 64 KiB are compressed in one synchronous call (at these settings
    // well under a millisecond) instead of through a zlib stream per answer.
    syncThreshold: 65_536,
  });
}
