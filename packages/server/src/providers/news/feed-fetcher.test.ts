import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeedFetcher, retryAfterMs } from './feed-fetcher.ts';

const FEED = '<rss version="2.0"><channel><title>T</title></channel></rss>';

/** A feed server speaking the conditional-GET, compression, redirect and throttling cases. */
let server: Server;
let base = '';
const seen: IncomingMessage[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req);
    const url = req.url ?? '';
    const hop = /^\/hop\/(\d+)$/.exec(url);
    if (hop) {
      const n = Number(hop[1]);
      res.writeHead(301, { location: n > 1 ? `/hop/${n - 1}` : '/feed' });
      return res.end();
    }
    switch (url) {
      case '/feed':
        res.writeHead(200, { 'content-type': 'application/rss+xml', etag: '"v1"' });
        return res.end(FEED);
      case '/etag':
        if (req.headers['if-none-match'] === '"v1"') {
          res.writeHead(304);
          return res.end();
        }
        res.writeHead(200, { etag: '"v1"', 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' });
        return res.end(FEED);
      case '/modified':
        if (req.headers['if-modified-since'] === 'Sun, 22 Nov 2026 10:00:00 GMT') {
          res.writeHead(304);
          return res.end();
        }
        res.writeHead(200, { 'last-modified': 'Sun, 22 Nov 2026 10:00:00 GMT' });
        return res.end(FEED);
      case '/gzip':
        res.writeHead(200, { 'content-encoding': 'gzip' });
        return res.end(gzipSync(FEED));
      case '/br':
        res.writeHead(200, { 'content-encoding': 'br' });
        return res.end(brotliCompressSync(FEED));
      case '/moved-then-temporary':
        res.writeHead(308, { location: '/temporary' });
        return res.end();
      case '/temporary':
        res.writeHead(302, { location: '/feed' });
        return res.end();
      case '/busy':
        res.writeHead(429, { 'retry-after': '120' });
        return res.end();
      case '/down':
        res.writeHead(503, { 'retry-after': 'Sun, 22 Nov 2026 10:10:00 GMT' });
        return res.end();
      case '/big':
        res.writeHead(200);
        return res.end('x'.repeat(20_000));
      case '/slow':
        return; // never answers
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

/** A fetcher on simulated time: no real waiting between requests to one host. */
function simulated(options: { maxBytes?: number; timeoutMs?: number } = {}) {
  let now = 0;
  const waits: number[] = [];
  const fetcher = createFeedFetcher({
    timeoutMs: options.timeoutMs ?? 2_000,
    ...(options.maxBytes && { maxBytes: options.maxBytes }),
    monotonicNow: () => now,
    sleep: (ms) => {
      waits.push(ms);
      now += ms;
      return Promise.resolve();
    },
    wallNow: () => Date.parse('2026-11-22T10:00:00Z'),
  });
  return { fetcher, waits, advance: (ms: number) => (now += ms) };
}

const text = (body: Buffer | undefined) => body?.toString('utf8');

describe('the polite feed fetcher', () => {
  it('sends the validators it was given and reads 304 as not modified', async () => {
    const { fetcher } = simulated();
    const first = await fetcher.fetch({ url: `${base}/etag`, allowPrivateAddresses: true });
    expect(first).toMatchObject({
      status: 200,
      validators: { etag: '"v1"', lastModified: 'Sun, 22 Nov 2026 10:00:00 GMT' },
    });
    expect(text(first.body)).toBe(FEED);
    const again = await fetcher.fetch({
      url: `${base}/etag`,
      validators: first.validators,
      allowPrivateAddresses: true,
    });
    expect(again).toMatchObject({ status: 304, validators: first.validators });
    expect(again.body).toBeUndefined();
    const byDate = await fetcher.fetch({
      url: `${base}/modified`,
      validators: { etag: null, lastModified: 'Sun, 22 Nov 2026 10:00:00 GMT' },
      allowPrivateAddresses: true,
    });
    expect(byDate.status).toBe(304);
    expect(seen.at(-1)?.headers['if-modified-since']).toBe('Sun, 22 Nov 2026 10:00:00 GMT');
  });

  it('asks for gzip and brotli and reads both', async () => {
    const { fetcher } = simulated();
    const gzip = await fetcher.fetch({ url: `${base}/gzip`, allowPrivateAddresses: true });
    expect(seen.at(-1)?.headers['accept-encoding']).toMatch(/gzip/);
    expect(seen.at(-1)?.headers['accept-encoding']).toMatch(/br/);
    expect(text(gzip.body)).toBe(FEED);
    expect(gzip.wireBytes).toBeLessThan(FEED.length + 30);
    const br = await fetcher.fetch({ url: `${base}/br`, allowPrivateAddresses: true });
    expect(text(br.body)).toBe(FEED);
  });

  it('follows at most 5 redirects and reports where a permanently moved feed lives', async () => {
    const { fetcher } = simulated();
    const five = await fetcher.fetch({ url: `${base}/hop/5`, allowPrivateAddresses: true });
    expect(five).toMatchObject({ status: 200, movedTo: `${base}/feed` });
    const six = await fetcher.fetch({ url: `${base}/hop/6`, allowPrivateAddresses: true });
    expect(six.error).toBe('more than 5 redirects');
    // A temporary hop on the way: the stored URL stays.
    const mixed = await fetcher.fetch({
      url: `${base}/moved-then-temporary`,
      allowPrivateAddresses: true,
    });
    expect(mixed).toMatchObject({ status: 200, movedTo: `${base}/temporary` });
  });

  it('reads Retry-After on 429 and 503, in seconds or as a date', async () => {
    const { fetcher } = simulated();
    expect(await fetcher.fetch({ url: `${base}/busy`, allowPrivateAddresses: true })).toMatchObject(
      { status: 429, error: 'HTTP 429', retryAfterMs: 120_000 },
    );
    expect(await fetcher.fetch({ url: `${base}/down`, allowPrivateAddresses: true })).toMatchObject(
      { status: 503, retryAfterMs: 600_000 },
    );
    expect(retryAfterMs('soon', 0)).toBeUndefined();
    expect(retryAfterMs(undefined, 0)).toBeUndefined();
  });

  it('waits at least a second between two requests to the same host', async () => {
    const { fetcher, waits, advance } = simulated();
    await fetcher.fetch({ url: `${base}/feed`, allowPrivateAddresses: true });
    advance(300);
    await fetcher.fetch({ url: `${base}/feed`, allowPrivateAddresses: true });
    expect(waits).toEqual([700]);
    advance(5_000);
    await fetcher.fetch({ url: `${base}/feed`, allowPrivateAddresses: true });
    expect(waits).toEqual([700]);
  });

  it('caps the size and the time of a fetch', async () => {
    const small = simulated({ maxBytes: 10_000 });
    expect(
      (await small.fetcher.fetch({ url: `${base}/big`, allowPrivateAddresses: true })).error,
    ).toMatch(/larger than/);
    const quick = simulated({ timeoutMs: 300 });
    expect(
      (await quick.fetcher.fetch({ url: `${base}/slow`, allowPrivateAddresses: true })).error,
    ).toBe('timed out after 300 ms');
  });

  it('refuses loopback and private addresses unless allowed, and URLs other than http(s)', async () => {
    const { fetcher } = simulated();
    expect((await fetcher.fetch({ url: `${base}/feed` })).error).toMatch(/not a public address/);
    expect((await fetcher.fetch({ url: 'http://localhost:1/feed' })).error).toMatch(
      /non-public address/,
    );
    expect((await fetcher.fetch({ url: 'file:///etc/passwd' })).error).toMatch(/refusing a file:/);
  });
});
