import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
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

/**
 * A better ratio, for answers kept compressed that prove busy: brotli at quality 10 sends the
 * 127 KB five-year history as 22 KB instead of quality 2's 30 KB (a 2,000-entry portfolio ledger:
 * 71 → 60 KB; quality 11 saves 1–2 KB more for three times the CPU). The bytes an answer writes
 * bound the large routes' rate and tail: a bare route sending 22 / 48 / 127 KB ran at 2.04 /
 * 1.38 / 0.67× the indexed SELECT with p99 14 / 23 / 36 ms, against 3.18× and 3 ms for 30 bytes
 * (bench/market on this 2-core machine). It costs about 1 ms of CPU a KB, so it runs once per
 * answer, in libuv's thread pool, never on the event loop.
 */
const BROTLI_BEST = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 10,
  },
};
const GZIP_BEST = { level: 9 };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** An answer is compressed again at a better ratio once it was sent this often … */
export const BEST_AFTER_HITS = 16;
/** … and has been kept this long (a snapshot's answer lives one second: never worth it) … */
export const BEST_AFTER_MS = 2_000;
/** … if it is no larger than this (larger ones would cost seconds of CPU). */
const BEST_MAX_BYTES = 1024 * 1024;
/**
 * Better compressions running at once, at most. Brotli 10 costs about 7 ms for a 26 KB news
 * page against 0.2 ms at quality 2, so 691 company pages becoming busy together (bench/news as a
 * browser asks) queued about 5 s of CPU on libuv's pool at once, on a 2-core machine, and the
 * answers' tail paid for it. One at a time, the rest wait: an answer that found the slot taken
 * stays as it is and tries again on a later hit.
 */
export const BEST_AT_ONCE = 1;
let bestRunning = 0;

/**
 * One answer's compressed bytes as kept: compressed fast (quality 2 / level 4) when first asked,
 * then, once the answer is busy and lasting, again at a better ratio in the background; `bytes`
 * is replaced when that finishes (the answer is the same, only smaller).
 */
export type KeptEncoding = {
  bytes: Buffer;
  readonly encoding: 'br' | 'gzip';
  hits: number;
  readonly since: number;
  best: 'no' | 'running' | 'done';
};

/** Compresses `body` the fast way and keeps it with its hit count. */
export function keepEncoding(
  encoding: 'br' | 'gzip',
  body: string | Buffer,
  now = performance.now(),
): KeptEncoding {
  const bytes =
    encoding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
  return { bytes, encoding, hits: 0, since: now, best: 'no' };
}

/**
 * The bytes to send for a kept answer; counts the hit and, on the one that makes the answer
 * busy and lasting, starts its better compression (resolved when done, for tests).
 */
export function sendKept(
  kept: KeptEncoding,
  body: string | Buffer,
  now = performance.now(),
): { bytes: Buffer; improving?: Promise<void> } {
  kept.hits += 1;
  const bytes = kept.bytes;
  if (
    kept.best !== 'no' ||
    kept.hits < BEST_AFTER_HITS ||
    now - kept.since < BEST_AFTER_MS ||
    Buffer.byteLength(body) > BEST_MAX_BYTES ||
    bestRunning >= BEST_AT_ONCE
  ) {
    return { bytes };
  }
  kept.best = 'running';
  bestRunning += 1;
  const improving = (
    kept.encoding === 'br' ? brotliAsync(body, BROTLI_BEST) : gzipAsync(body, GZIP_BEST)
  )
    .then(
      (better) => {
        if (better.length < kept.bytes.length) kept.bytes = better;
        kept.best = 'done';
      },
      () => {
        kept.best = 'done';
      },
    )
    .finally(() => {
      bestRunning -= 1;
    });
  return { bytes, improving };
}

const compressedByEtag = new LRUCache<string, KeptEncoding>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (kept) => kept.bytes.length || 1,
});

/**
 * The compressed bytes of a cacheable answer, kept by ETag and encoding: public answers repeat
 * (the same feed for every visitor), so each is compressed once rather than on every request
 * (and a busy one again, smaller, in the background: `sendKept`).
 */
export function compressedOnce(etag: string, encoding: 'br' | 'gzip', body: string | Buffer) {
  const key = `${encoding} ${etag}`;
  let kept = compressedByEtag.get(key);
  if (!kept) {
    kept = keepEncoding(encoding, body);
    compressedByEtag.set(key, kept);
  }
  return sendKept(kept, body).bytes;
}
