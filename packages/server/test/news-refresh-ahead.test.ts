import { newsResponseSchema } from '@app/shared/api/news';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createFeedCache } from '../src/modules/news/feed-cache.ts';
import { createLinkerCache } from '../src/modules/news/linker-cache.ts';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import type { NewsEnrichService } from '../src/modules/news/news-enrich.service.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { createNewsRepository, type NewsRepository } from '../src/modules/news/news.repository.ts';
import { createNewsService, type NewsService } from '../src/modules/news/news.service.ts';
import {
  NEWS_READ_CACHE_TTL_MS,
  NEWS_REFRESH_AHEAD_MS,
} from '../src/modules/news/news-read-cache.ts';
import type { RateLimiter } from '../src/modules/security/rate-limiter.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

/**
 * A cached feed or read answer asked in its last second is reloaded
 * in the background while it is served, so a busy question's readers never wait for its query at
 * expiry; what is served is never older than the cache's lifetime, and the reload reads the
 * database as it is then. The caches' clock is the test's.
 */
describe('news answers refreshed ahead of their expiry', () => {
  let database: TestDatabase;
  let repository: NewsRepository;
  let service: NewsService;
  let now = 0;
  const calls = { query: 0, mentioning: 0 };
  /** Reads that returned (a reload then keeps its answer in the same turn). */
  const settled = { query: 0, mentioning: 0 };
  const feedUrl = { order_by: '-creation_date', limit: '5' };

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
    const deps = jobDeps(database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    const real = createNewsRepository(database.db);
    // The real repository, counting the two reads this test follows.
    repository = {
      ...real,
      query: async (...args) => {
        calls.query += 1;
        const rows = await real.query(...args);
        settled.query += 1;
        return rows;
      },
      mentioning: async (...args) => {
        calls.mentioning += 1;
        const rows = await real.mentioning(...args);
        settled.mentioning += 1;
        return rows;
      },
    };
    const monotonicNow = () => now;
    service = createNewsService({
      repository,
      feedCache: createFeedCache({ now: monotonicNow }),
      linkers: createLinkerCache(real),
      enrich: {} as NewsEnrichService,
      limiter: {} as RateLimiter,
      clock: systemClock,
      watchedSymbols: () => Promise.resolve([]),
      hasDebugInterface: () => Promise.resolve(false),
      monotonicNow,
    });
  }, 120_000);

  afterAll(async () => {
    await database.drop();
  });

  const idsOf = (body: Buffer) =>
    newsResponseSchema.parse(JSON.parse(body.toString('utf8'))).news.map((article) => article.id);
  const hide = (id: string) =>
    // Plain SQL, not through the repository: nothing tells this process's caches.
    sql`update news set is_blocked = true where id = ${id}::uuid`.execute(database.db);

  it('reloads a feed asked in its last second, and serves the reload after the first expiry', async () => {
    now = 1_000;
    const first = await service.feed(feedUrl, null);
    expect(first.cache).toBe('miss');
    expect(calls.query).toBe(1);
    const [top] = idsOf(first.body);
    if (!top) throw new Error('no article');
    await hide(top);

    // Before its last second: served, nothing reloaded.
    now += NEWS_READ_CACHE_TTL_MS - NEWS_REFRESH_AHEAD_MS - 500;
    expect((await service.feed(feedUrl, null)).cache).toBe('hit');
    expect(calls.query).toBe(1);

    // In its last second: still the old answer, and a reload in the background.
    now += 1_000;
    const last = await service.feed(feedUrl, null);
    expect(last.cache).toBe('hit');
    expect(idsOf(last.body)).toContain(top);
    await waitFor(
      async () =>
        calls.query === 2 && !idsOf((await service.feed(feedUrl, null)).body).includes(top),
    );

    // Past the first answer's lifetime: the reload's answer, no query, no wait.
    now += NEWS_REFRESH_AHEAD_MS;
    const after = await service.feed(feedUrl, null);
    expect(after.cache).toBe('hit');
    expect(idsOf(after.body)).not.toContain(top);
    expect(calls.query).toBe(2);

    // Nobody asked in the reload's last second: it expires as before.
    now += NEWS_READ_CACHE_TTL_MS + 1;
    expect((await service.feed(feedUrl, null)).cache).toBe('miss');
    expect(calls.query).toBe(3);
  });

  it("does the same for a company's news (the read cache)", async () => {
    const { rows } = await sql<{ symbol: string }>`
      select symbol from news_tickers group by symbol order by count(*) desc, symbol limit 1`.execute(
      database.db,
    );
    const symbol = rows[0]?.symbol;
    if (!symbol) throw new Error('no linked article');
    const page = { skip: 0, limit: 5 };
    now = 100_000;
    const first = await service.company(symbol, null, page);
    expect(calls.mentioning).toBe(1);
    const top = first[0]?.id;
    if (!top) throw new Error('no article');
    await hide(top);

    now += NEWS_READ_CACHE_TTL_MS - NEWS_REFRESH_AHEAD_MS / 2;
    expect((await service.company(symbol, null, page)).map((row) => row.id)).toContain(top);
    await waitFor(async () =>
      (await service.company(symbol, null, page)).every((row) => row.id !== top),
    );
    expect(calls.mentioning).toBe(2);

    now += NEWS_REFRESH_AHEAD_MS;
    const after = await service.company(symbol, null, page);
    expect(after.map((row) => row.id)).not.toContain(top);
    expect(calls.mentioning).toBe(2);
  });

  it('a reload that reads the same articles keeps the answer it replaces (its bytes, ETag and compression go with it)', async () => {
    const { rows } = await sql<{ symbol: string }>`
      select symbol from news_tickers group by symbol order by count(*) desc, symbol
      offset 1 limit 1`.execute(database.db);
    const symbol = rows[0]?.symbol;
    if (!symbol) throw new Error('no second linked listing');
    const page = { skip: 0, limit: 5 };
    const feed = { order_by: '-creation_date', limit: '7' };
    now = 1_000_000;
    const list = await service.company(symbol, null, page);
    const body = (await service.feed(feed, null)).body;
    const loads = { mentioning: settled.mentioning, query: settled.query };

    // Refreshed ahead with nothing changed: the very same list and Buffer, past the first lifetime.
    now += NEWS_READ_CACHE_TTL_MS - NEWS_REFRESH_AHEAD_MS / 2;
    await service.company(symbol, null, page);
    await service.feed(feed, null);
    await waitFor(() =>
      Promise.resolve(
        settled.mentioning === loads.mentioning + 1 && settled.query === loads.query + 1,
      ),
    );
    now += NEWS_REFRESH_AHEAD_MS;
    expect(await service.company(symbol, null, page)).toBe(list);
    expect((await service.feed(feed, null)).body).toBe(body);
    expect(calls.mentioning).toBe(loads.mentioning + 1);

    // An article changed meanwhile (another process's write): the reload is a new answer.
    const top = list[0]?.id;
    if (!top) throw new Error('no article');
    await hide(top);
    now += NEWS_READ_CACHE_TTL_MS - NEWS_REFRESH_AHEAD_MS / 2;
    await service.company(symbol, null, page);
    await waitFor(async () => (await service.company(symbol, null, page)) !== list);
    expect((await service.company(symbol, null, page)).map((row) => row.id)).not.toContain(top);
  });
});
