import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_CACHE_ROUTES } from '../src/http/http-cache-routes.ts';
import { buildTestApp, capturedLog, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

let t: TestApp;
let member: TestUser;
let dist: string;
let logLines: string[];
/** A hashed asset big enough to compress, and its precompressed brotli copy. */
const ASSET = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ i })))};`;
const ASSET_BR = brotliCompressSync(ASSET);

beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-http-'));
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(dist, 'assets', 'app-1.js'), ASSET);
  await fs.writeFile(path.join(dist, 'assets', 'app-1.js.br'), ASSET_BR);
  await fs.writeFile(path.join(dist, 'assets', 'plain-2.css'), `a{color:red}\n`.repeat(400));
  const captured = capturedLog();
  logLines = captured.lines;
  t = await buildTestApp({ demoCompanies: true, env: { WEB_DIST_DIR: dist }, log: captured.log });
  member = await registerUser(t.app);
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** The Vary header's fields, lower-cased, in order (each once). */
const varyOf = (header: unknown) =>
  String(header)
    .split(',')
    .map((field) => field.trim().toLowerCase());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('response serializers', () => {
  it('compiles every route but the ones it names in the log', () => {
    const fallbacks = logLines
      .map((line) => JSON.parse(line) as { msg: string; route?: string })
      .filter((entry) => entry.msg === 'response serializer: zod fallback')
      .map((entry) => entry.route);
    expect(fallbacks).toEqual([]);
  });

  it('answers /user/get/me with exactly the fields of the user schema', async () => {
    const res = await get('/api/user/get/me', bearer(member.token));
    expect(res.statusCode).toBe(200);
    const body = res.json<{ current_user: Record<string, unknown> }>();
    expect(Object.keys(body.current_user).sort()).toEqual(Object.keys(member.user).sort());
    expect(res.body).not.toMatch(/hash|password|argon/i);
  });
});

describe('HTTP caching', () => {
  it('gives a visitor a public answer with a weak ETag, and a 304 when it still matches', async () => {
    const first = await get('/api/news/query?limit=5');
    expect(first.statusCode).toBe(200);
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=5, stale-while-revalidate=10');
    expect(varyOf(first.headers.vary)).toEqual(['origin', 'authorization', 'accept-encoding']);

    const again = await get('/api/news/query?limit=5', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['content-encoding']).toBeUndefined();

    const listed = await get('/api/news/query?limit=5', { 'if-none-match': `"other", ${etag}` });
    expect(listed.statusCode).toBe(304);
    const changed = await get('/api/news/query?limit=5', { 'if-none-match': 'W/"other"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.body).toBe(first.body);
  });

  it('never marks a signed-in caller’s answer public (private, revalidated by its ETag)', async () => {
    const urls = [
      '/api/news/query?limit=5',
      '/api/company/query?limit=3',
      '/api/company/query_cache?limit=3',
      '/api/company/categories',
      '/api/contact/details',
      '/api/payment/plans',
      '/api/user/get/me',
      '/api/health',
    ];
    for (const url of urls) {
      const res = await get(url, bearer(member.token));
      expect(res.statusCode, url).toBe(200);
      expect(String(res.headers['cache-control']), url).not.toMatch(/public/);
    }
    const feed = await get('/api/news/query?limit=5', bearer(member.token));
    expect(feed.headers['cache-control']).toBe('private, no-cache');
    const revalidated = await get('/api/news/query?limit=5', {
      ...bearer(member.token),
      'if-none-match': String(feed.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('stores nothing of private routes, errors and state changes', async () => {
    const me = await get('/api/user/get/me', bearer(member.token));
    expect(me.headers['cache-control']).toBe('no-store');
    expect(me.headers.etag).toBeUndefined();
    expect((await get('/api/health')).headers['cache-control']).toBe('no-store');
    const missing = await get('/api/news/get/00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: member.email, password: member.password },
    });
    expect(login.headers['set-cookie']).toBeDefined();
    expect(login.headers['cache-control']).toBe('no-store');
  });

  it('lists only public GET routes that exist', () => {
    // buildApp refuses to start otherwise; this keeps the table in view of its readers.
    expect(Object.keys(PUBLIC_CACHE_ROUTES).every((url) => url.startsWith('/api/'))).toBe(true);
  });
});

describe('compression', () => {
  const big = '/api/company/query?limit=100';

  it('compresses a large JSON answer with brotli or gzip as the client accepts', async () => {
    const plain = await get(big);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(4_096);

    const br = await get(big, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br.headers.vary)).toEqual(['origin', 'authorization', 'accept-encoding']);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const again = await get(big, { 'accept-encoding': 'br' });
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);

    const gz = await get(big, { 'accept-encoding': 'gzip, br;q=0' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
  });

  it('sends small answers as they are', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('sends a precompressed asset as stored, and compresses one that has no copy', async () => {
    const asset = await get('/assets/app-1.js', { 'accept-encoding': 'br, gzip' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.rawPayload.equals(ASSET_BR)).toBe(true);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const css = await get('/assets/plain-2.css', { 'accept-encoding': 'gzip' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(css.rawPayload).toString()).toBe(`a{color:red}\n`.repeat(400));
  });
});
