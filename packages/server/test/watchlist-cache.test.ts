import type { NewsArticle } from '@app/shared/api/news';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

type NewsBody = { news: NewsArticle[] };

/**
 * Each API process keeps users' watchlists in memory (WATCHLIST_CACHE=on), so
 * `/news/my_portfolio` no longer reads the caller's default list on every call, and a watchlist
 * changed anywhere shows in the next call of any process: through the watchlist routes of one
 * process at once (the write waits until every listening process dropped the user's lists), and
 * by any other writer (SQL) as soon as the database's notice arrives.
 */
describe('watchlists kept in memory across two app instances on one database', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  let user: TestUser;
  /** Two listings with news in the demo data. */
  let first: string;
  let second: string;

  beforeAll(async () => {
    a = await buildTestApp({ demoCompanies: true, env: { WATCHLIST_CACHE: 'on' } });
    const deps = jobDeps(a.database.db);
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, { env: { WATCHLIST_CACHE: 'on' } }));
    user = await registerUser(a.app);
    const { rows } = await sql<{ symbol: string }>`
      select symbol from news_tickers group by symbol order by count(*) desc, symbol limit 2`.execute(
      a.database.db,
    );
    [first, second] = rows.map((row) => row.symbol) as [string, string];
    expect(second).toBeDefined();
  }, 120_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const call = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  /** Whether `/news/my_portfolio` of `app` answers news of `symbols`, and only of them. */
  const portfolioIsAbout = async (app: FastifyInstance, symbols: readonly string[]) => {
    const { news } = (await call(app, '/news/my_portfolio?limit=100')).json<NewsBody>();
    const about = (article: NewsArticle, symbol: string) =>
      article.related_exchange_tickers.includes(symbol);
    return (
      symbols.every((symbol) => news.some((article) => about(article, symbol))) &&
      news.every((article) => symbols.some((symbol) => about(article, symbol)))
    );
  };
  const stats = () => bServices.watchlists.cacheStats();

  it('answers the default list from memory once B listens, and sees A’s writes at once', async () => {
    await call(a.app, `/ticker/user/watchlist/append/default/${first}`);
    // B's first calls start its listener; once it listens the list is kept and reused.
    await waitFor(async () => {
      await call(b, '/news/my_portfolio');
      return stats()?.listening === true && (stats()?.entries ?? 0) > 0;
    });
    const hitsBefore = stats()?.hits ?? 0;
    expect(await portfolioIsAbout(b, [first])).toBe(true);
    expect(stats()?.hits).toBeGreaterThan(hitsBefore);

    // A write through A answers once B dropped the user's lists: B's next call sees it, no wait.
    await call(a.app, `/ticker/user/watchlist/append/default/${second}`);
    expect(await bServices.watchlists.symbolsOf(user.user.id)).toEqual([first, second]);
    expect(await portfolioIsAbout(b, [first, second])).toBe(true);

    await call(a.app, `/ticker/user/watchlist/remove/default/${first}`);
    expect(await bServices.watchlists.symbolsOf(user.user.id)).toEqual([second]);
    expect(await portfolioIsAbout(b, [second])).toBe(true);

    await call(a.app, '/ticker/user/watchlist/rm/default');
    expect(await bServices.watchlists.symbolsOf(user.user.id)).toEqual([]);
    expect((await call(b, '/news/my_portfolio')).json<NewsBody>().news).toEqual([]);
  });

  it('drops a list changed by any other writer when the database announces it', async () => {
    await call(a.app, `/ticker/user/watchlist/append/default/${first}`);
    // Kept in B's memory (a hit) before the change.
    await bServices.watchlists.symbolsOf(user.user.id);
    const hitsBefore = stats()?.hits ?? 0;
    expect(await bServices.watchlists.symbolsOf(user.user.id)).toEqual([first]);
    expect(stats()?.hits).toBe(hitsBefore + 1);

    await sql`update watchlists set exchange_tickers = ${[second]}::text[]
      where user_id = ${user.user.id} and name = 'default'`.execute(a.database.db);
    await waitFor(
      async () => (await bServices.watchlists.symbolsOf(user.user.id)).join() === second,
    );
    expect(await portfolioIsAbout(b, [second])).toBe(true);

    // A user's lists deleted with the user's row (a cascade) are dropped too.
    await sql`delete from watchlists where user_id = ${user.user.id}`.execute(a.database.db);
    await waitFor(async () => (await bServices.watchlists.symbolsOf(user.user.id)).length === 0);
  });
});
