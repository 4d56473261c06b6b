import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Brotli at quality 2 in text mode (see registerCompression for why). */
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 2,
  },
};
export const GZIP_OPTIONS = { level: 4 };

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
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    // Whole answers up to 64 KiB are compressed in one synchronous call (at these settings
    // well under a millisecond) instead of through a zlib stream per answer.
    syncThreshold: 65_536,
  });
}

/**
 * The encoding we would send for an Accept-Encoding header: brotli, else gzip, else none
 * (`x;q=0` refuses x; `*` accepts anything).
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wildcard = accepted.get('*') ?? 0;
  for (const encoding of ['br', 'gzip'] as const) {
    if ((accepted.get(encoding) ?? wildcard) > 0) return encoding;
  }
  return undefined;
}

const compressedByEtag = new LRUCache<string, Buffer>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (body) => body.length || 1,
});

/**
 * The compressed bytes of a cacheable answer, kept by ETag and encoding: public answers repeat
 * (the same feed for every visitor), so each is compressed once rather than on every request.
 */
export function compressedOnce(etag: string, encoding: 'br' | 'gzip', body: string | Buffer) {
  const key = `${encoding} ${etag}`;
  let compressed = compressedByEtag.get(key);
  if (!compressed) {
    compressed =
      encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
    compressedByEtag.set(key, compressed);
  }
  return compressed;
}
