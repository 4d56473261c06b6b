import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  BEST_AFTER_HITS,
  BEST_AFTER_MS,
  BEST_AT_ONCE,
  COMPRESS_MIN_BYTES,
  keepEncoding,
  preferredEncoding,
  registerCompression,
  sendKept,
} from './compression.ts';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const EVENTS = 'data: {"n":1}\n\n'.repeat(COMPRESS_MIN_BYTES);

describe('compression', () => {
  it('prefers brotli, then gzip, honouring q=0 and *', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, br;q=0')).toBe('gzip');
    expect(preferredEncoding('BR;q=0.5')).toBe('br');
    expect(preferredEncoding('*')).toBe('br');
    expect(preferredEncoding('*;q=0, gzip')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('gzip;q=0')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('never compresses a text/event-stream answer, sent or streamed', async () => {
    app = Fastify();
    await registerCompression(app);
    app.get('/sent', (_request, reply) => reply.type('text/event-stream').send(EVENTS));
    app.get('/streamed', (_request, reply) => {
      const stream = new PassThrough();
      void reply.type('text/event-stream; charset=utf-8').send(stream);
      stream.end(EVENTS);
      return reply;
    });
    app.get('/json', () => ({ text: EVENTS }));
    for (const url of ['/sent', '/streamed']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.headers['content-encoding'], url).toBeUndefined();
      expect(res.body, url).toBe(EVENTS);
    }
    const json = await app.inject({ url: '/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(json.headers['content-encoding']).toBe('br');
  });

  it('does not decompress request bodies', async () => {
    app = Fastify();
    await registerCompression(app);
    app.post('/echo', (request) => ({ body: request.body }));
    const res = await app.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"a":1}',
    });
    expect(res.json()).toEqual({ body: { a: 1 } });
  });

  it('compresses a busy, lasting answer once more at a better ratio, in the background', async () => {
    // A price history's shape: 1,000 daily points.
    const body = Buffer.from(
      JSON.stringify({
        status: 'success',
        results: Array.from({ length: 1_000 }, (_, i) => ({
          creation_date: 1_600_000_000 + i * 86_400,
          open: 100 + ((i * 37) % 101) / 10,
          high: 111 + ((i * 53) % 97) / 10,
          low: 90 + ((i * 29) % 89) / 10,
          close: 100 + ((i * 41) % 103) / 10,
          volume: 1_000_000 + ((i * 7_919) % 100_003),
        })),
      }),
    );
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const kept = keepEncoding(encoding, body, 0);
      const fast = kept.bytes;
      // Busy but not yet lasting, then lasting: only the hit that makes it both starts the work.
      for (let i = 1; i < BEST_AFTER_HITS * 2; i += 1) {
        expect(sendKept(kept, body, BEST_AFTER_MS - 1).improving).toBeUndefined();
      }
      const sent = sendKept(kept, body, BEST_AFTER_MS);
      expect(sent.bytes).toBe(fast);
      expect(sent.improving).toBeDefined();
      expect(sendKept(kept, body, BEST_AFTER_MS + 1).improving).toBeUndefined();
      await sent.improving;
      const best = sendKept(kept, body, BEST_AFTER_MS + 2).bytes;
      expect(best.length, encoding).toBeLessThan(fast.length);
      expect(decode(best).equals(body), encoding).toBe(true);
    }
  });

  it('runs one better compression at a time; an answer that found the slot taken tries again later', async () => {
    expect(BEST_AT_ONCE).toBe(1);
    const body = (n: number) =>
      Buffer.from(
        JSON.stringify({ news: Array.from({ length: 400 }, (_, i) => `article ${n} ${i}`) }),
      );
    const [a, b] = [body(1), body(2)];
    const keptA = keepEncoding('br', a, 0);
    const keptB = keepEncoding('br', b, 0);
    for (let i = 1; i < BEST_AFTER_HITS; i += 1) {
      sendKept(keptA, a, BEST_AFTER_MS);
      sendKept(keptB, b, BEST_AFTER_MS);
    }
    const first = sendKept(keptA, a, BEST_AFTER_MS);
    expect(first.improving).toBeDefined();
    // Busy and lasting too, but the slot is taken: sent as it is, not marked, no work started.
    expect(sendKept(keptB, b, BEST_AFTER_MS).improving).toBeUndefined();
    expect(keptB.best).toBe('no');
    await first.improving;
    const second = sendKept(keptB, b, BEST_AFTER_MS + 1);
    expect(second.improving).toBeDefined();
    await second.improving;
    expect(keptB.best).toBe('done');
  });
});
