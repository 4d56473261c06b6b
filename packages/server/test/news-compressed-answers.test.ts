import * as zlib from 'node:zlib';
import type { NewsArticle } from '@app/shared/api/news';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from './helpers/app.ts';
import { bearer, type TestUser } from './helpers/factories.ts';

/**
 * Our code's compressions, counted (the compression plugin's own, per request, are not: it is
 * loaded from node_modules, outside this mock). A kept answer is compressed by our code once.
 */
const compressions = vi.hoisted(() => ({ count: 0 }));
vi.mock('node:zlib', async (importOriginal) => {
  const real = await importOriginal<typeof zlib>();
  return {
    ...real,
    brotliCompressSync: (...args: Parameters<typeof real.brotliCompressSync>) => {
      compressions.count += 1;
      return real.brotliCompressSync(...args);
    },
    gzipSync: (...args: Parameters<typeof real.gzipSync>) => {
      compressions.count += 1;
      return real.gzipSync(...args);
    },
  };
});

type NewsBody = { news: NewsArticle[] };
const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };
const CALLS = 12;

/**
 * A browser asks every news list compressed. The lists a page asks again and again
 * are compressed once per cached answer, not on every call: the public ones by their ETag (the
 * HTTP cache layer), `/news/my_portfolio` (private, no ETag) by its kept envelope. On real
 * PostgreSQL with the offline wire's analysed articles.
 */
describe('news answers compressed once per cached answer', () => {
  let t: TestApp;
  let user: TestUser;
  let symbol = '';
  beforeAll(async () => {
    // The server project shares modules between a worker's test files (`isolate: false`): an
    // earlier file may have loaded our compression code with the real zlib. Loaded again here,
    // after the registry is reset, it imports the counting mock above.
    vi.resetModules();
    const { buildTestApp } = await import('./helpers/app.ts');
    const { registerUser } = await import('./helpers/factories.ts');
    const { jobDeps } = await import('./helpers/job-deps.ts');
    const { ingestNewsJob } = await import('../src/modules/news/news.jobs.ts');
    const { enrichNewsJob } = await import('../src/modules/news/news-enrich.job.ts');
    t = await buildTestApp({ demoCompanies: true });
    const deps = jobDeps(t.database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    user = await registerUser(t.app);
    const linked = (await get('/api/news/query?limit=100&no_cache=1'))
      .json<NewsBody>()
      .news.flatMap((article) => article.related_exchange_tickers);
    symbol = linked[0] ?? '';
    for (const watched of [...new Set(linked)].slice(0, 12)) {
      await get(`/api/ticker/user/watchlist/append/default/${watched}`, bearer(user.token));
    }
  });
  afterAll(() => t.close());

  function get(url: string, headers: Record<string, string> = {}) {
    return t.app.inject({ method: 'GET', url, headers });
  }

  /** `CALLS` browser calls of `url`: each the plain answer's bytes, compressed; the count of ours. */
  async function askedByBrowser(url: string, headers: Record<string, string> = {}) {
    const plain = await get(url, headers);
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(2_048);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const before = compressions.count;
    for (let i = 0; i < CALLS; i += 1) {
      const res = await get(url, { ...headers, ...BROWSER });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }
    return compressions.count - before;
  }

  it('/news/my_portfolio: compressed by its kept envelope, not by the hook on every call', async () => {
    const url = '/api/news/my_portfolio';
    const compressed = await askedByBrowser(url, bearer(user.token));
    // Once per cached list: a reload of the list (its 5 s lifetime, or refresh ahead in its last
    // second) is a new answer, so a slow machine may count one or two more — never one a call.
    // Compressed by the plugin on every call (the code before), ours counted none.
    expect(compressed).toBeGreaterThanOrEqual(1);
    expect(compressed).toBeLessThanOrEqual(3);
    const res = await get(url, { ...bearer(user.token), ...BROWSER });
    expect(res.headers['cache-control']).toBe('no-store');
    const refused = await get(url, {
      ...bearer(user.token),
      'accept-encoding': 'br;q=0, gzip;q=0',
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const gzip = await get(url, { ...bearer(user.token), 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(refused.body);
  });

  it('the public lists and the article: compressed once per answer (by ETag)', async () => {
    const [first] = (await get('/api/news/query?limit=1&no_cache=1')).json<NewsBody>().news;
    for (const url of [
      '/api/news/query?order_by=-creation_date&limit=20',
      '/api/news/query?order_by=-creation_date&limit=20&no_cache=1',
      `/api/news/company/${symbol}`,
      '/api/news/search/guidance',
      `/api/news/get/${first?.id ?? ''}`,
    ]) {
      const compressed = await askedByBrowser(url);
      expect(compressed, url).toBeLessThanOrEqual(1);
    }
  });
});
