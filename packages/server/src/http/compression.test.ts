import { PassThrough } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { COMPRESS_MIN_BYTES, preferredEncoding, registerCompression } from './compression.ts';

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
});
