import type { NewsArticle } from '@app/shared/api/news';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { enrichNewsJob } from '../src/modules/news/news-enrich.job.ts';
import { ingestNewsJob } from '../src/modules/news/news.jobs.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

type NewsBody = { news: NewsArticle[] };

/** The filters the web's feeds send (packages/web/src/features/news/api/news-feed.ts). */
const FEEDS = {
  latest_ai: 'ai_summary__ne=NULL&related_exchange_tickers__not__size=0&order_by=-creation_date',
  bullish: 'sentiment_score__gte=7&order_by=-creation_date',
  bearish: 'sentiment_score__lte=-5&order_by=-creation_date',
  defcon: 'AI__defcon_level__lte=2&order_by=-creation_date',
};
const DAY_S = 86_400;

/**
 * A demo started on any date shows fresh news in every feed: the wire re-dated before its first
 * ingest and the newsroom writing the last sessions, ingested and enriched by the real jobs.
 */
describe.each([
  ['the Wednesday before Thanksgiving 2026', '2026-11-25T15:00:00Z'],
  ['a Monday in June 2027', '2027-06-14T15:00:00Z'],
])('the demo news on %s', (_when, at) => {
  const now = new Date(at);
  const nowS = Math.floor(now.getTime() / 1000);
  let t: TestApp;
  beforeAll(async () => {
    const clock = fixedClock(now);
    t = await buildTestApp({ demoCompanies: true, clock });
    // NEWS_SOURCES defaults to demo: the wire, the briefs (nothing without quotes), the newsroom.
    const deps = jobDeps(t.database.db, { NEWS_FULL_TEXT: 'false' }, { clock });
    await ingestNewsJob.handler({}, deps);
    await enrichNewsJob.handler({}, deps);
  });
  afterAll(() => t.close());

  const feed = async (filters: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/news/query?${filters}&limit=20` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<NewsBody>().news;
  };

  it.each(Object.entries(FEEDS))(
    'fills the %s feed with articles of the last few days',
    async (_name, filters) => {
      const news = await feed(filters);
      const recent = news.filter((a) => a.creation_date > nowS - 4 * DAY_S);
      expect(recent.length).toBeGreaterThan(0);
      for (const article of news) expect(article.creation_date).toBeLessThanOrEqual(nowS);
    },
  );

  it('stores the wire within a week before now, on its weekdays, and the newsroom up to now', async () => {
    const newest = async (source: string) =>
      (
        await t.database.db
          .selectFrom('news')
          .select((eb) => eb.fn.max('creation_date').as('at'))
          .where('source', '=', source)
          .executeTakeFirstOrThrow()
      ).at;
    // Whole weeks keep the wire's weekdays: its wrap ("on Friday") is dated a Friday.
    const wire = new Date(await newest('demo')).getTime();
    expect(wire).toBeLessThanOrEqual(now.getTime() - 3 * 3_600_000);
    expect(wire).toBeGreaterThan(now.getTime() - 3 * 3_600_000 - 7 * DAY_S * 1000);
    expect(new Date(wire).getUTCDay()).toBe(5);
    const room = new Date(await newest('demo-newsroom')).getTime();
    expect(room).toBeLessThanOrEqual(now.getTime());
    expect(room).toBeGreaterThan(now.getTime() - DAY_S * 1000);
  });

  it('puts newsroom stories in the bullish, bearish and defcon feeds, linked to their company', async () => {
    for (const filters of [FEEDS.bullish, FEEDS.bearish, FEEDS.defcon]) {
      const own = (await feed(`${filters}&publisher=StockPulse%20Demo%20Wire`)).filter(
        (a) => a.creation_date > nowS - 4 * DAY_S,
      );
      expect(own.length, filters).toBeGreaterThan(0);
      for (const article of own) expect(article.related_exchange_tickers.length).toBeGreaterThan(0);
    }
  });
});
