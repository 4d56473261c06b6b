import { newsResponseSchema } from '@app/shared/api/news';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { systemClock } from '../src/clock.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createFeedCache } from '../src/modules/news/feed-cache.ts';
import { createLinkerCache } from '../src/modules/news/linker-cache.ts';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import type { NewsEnrichService } from '../src/modules/news/news-enrich.service.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { newsQuery } from '../src/modules/news/news-query.ts';
import { createNewsRepository } from '../src/modules/news/news.repository.ts';
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
 * A feed question asked again by its query string goes
 * straight to its cached answer without being parsed again, and behaves as before otherwise:
 * `no_cache` still runs the query, an admin's answer is never a visitor's, a bad question is a
 * 400, and an answer in its last second is refreshed ahead.
 */
describe('feed questions seen before', () => {
  let database: TestDatabase;
  let service: NewsService;
  let now = 0;
  let queries = 0;
  const admin = {
    id: '00000000-0000-4000-8000-000000000001',
    username: 'admin',
    is_admin: true,
    is_email_validated: true,
    is_subscriber: false,
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCompanies(database.db);
    const deps = jobDeps(database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    const real = createNewsRepository(database.db);
    const monotonicNow = () => now;
    service = createNewsService({
      repository: {
        ...real,
        query: (...args) => {
          queries += 1;
          return real.query(...args);
        },
      },
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
    vi.restoreAllMocks();
    await database.drop();
  });

  const idsOf = (body: Buffer) =>
    newsResponseSchema.parse(JSON.parse(body.toString('utf8'))).news.map((article) => article.id);
  /** The query as the route passes it: parsed, and the string as sent. */
  const ask = (raw: string, viewer: typeof admin | null = null) =>
    service.feed(Object.fromEntries(new URLSearchParams(raw)), viewer, raw);

  it('answers a cache hit of a question seen before without parsing it again', async () => {
    const parse = vi.spyOn(newsQuery, 'parse');
    now = 1_000;
    const raw = 'order_by=-creation_date&limit=4';
    const first = await ask(raw);
    expect(first.cache).toBe('miss');
    const parsed = parse.mock.calls.length;
    const again = await ask(raw);
    expect(again.cache).toBe('hit');
    expect(again.body).toBe(first.body);
    expect(parse.mock.calls.length).toBe(parsed);
    parse.mockRestore();
  });

  it('still runs the query on every no_cache question', async () => {
    now = 10_000;
    const raw = 'order_by=-creation_date&limit=3&no_cache=1';
    const before = queries;
    expect((await ask(raw)).cache).toBe('miss');
    expect((await ask(raw)).cache).toBe('miss');
    expect(queries).toBe(before + 2);
  });

  it("never answers an admin with a visitor's answer to the same string, nor the reverse", async () => {
    now = 20_000;
    const raw = 'order_by=-creation_date&limit=6';
    const [top] = idsOf((await ask(raw)).body);
    if (!top) throw new Error('no article');
    // Plain SQL: nothing tells the caches, so the visitor's cached answer still shows it.
    await sql`update news set is_blocked = true where id = ${top}::uuid`.execute(database.db);
    now += 10_000;
    const visitor = await ask(raw);
    expect(idsOf(visitor.body)).not.toContain(top);
    const asAdmin = await ask(raw, admin);
    expect(asAdmin.cache).toBe('miss');
    expect(idsOf(asAdmin.body)).toContain(top);
    expect(idsOf((await ask(raw)).body)).not.toContain(top);
    expect(idsOf((await ask(raw, admin)).body)).toContain(top);
  });

  it('answers a bad question 400, whatever was seen before', async () => {
    now = 40_000;
    await ask('order_by=-creation_date&limit=2');
    await expect(ask('order_by=-creation_date&limit=2&nonsense=1')).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(ask('order_by=-creation_date&limit=999999')).rejects.toMatchObject({
      statusCode: 400,
    });
  });

  it('refreshes a seen question ahead in its last second', async () => {
    now = 100_000;
    const raw = 'order_by=-creation_date&limit=5';
    const first = await ask(raw);
    const before = queries;
    now += NEWS_READ_CACHE_TTL_MS - NEWS_REFRESH_AHEAD_MS - 500;
    expect((await ask(raw)).body).toBe(first.body);
    expect(queries).toBe(before);
    now += 1_000;
    expect((await ask(raw)).cache).toBe('hit');
    await waitFor(() => Promise.resolve(queries === before + 1));
  });
});
