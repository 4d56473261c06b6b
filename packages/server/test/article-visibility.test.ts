import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAlertsRepository } from '../src/modules/alerts/alerts.repository.ts';
import { createBlogRepository } from '../src/modules/blog/blog.repository.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createCompanyRepository } from '../src/modules/companies/company.repository.ts';
import { createNewsRepository } from '../src/modules/news/news.repository.ts';
import { createRecommendationRepository } from '../src/modules/recommendations/recommendation.repository.ts';
import { createTrackRecordRepository } from '../src/modules/track-record/track-record.repository.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

const NOW = new Date('2026-11-25T15:00:00Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

/**
 * Three alike articles, each about its own company: one public, one hidden by an admin, one a
 * prompt experiment's variant. Every list or statistic a reader meets must hold the first only.
 */
describe('which articles readers see: one rule for every reader path', () => {
  let t: TestDatabase;
  const ids = { visible: '', hidden: '', experiment: '' };
  const symbols = {
    visible: 'NASDAQ:AAPL',
    hidden: 'NASDAQ:MSFT',
    experiment: 'NASDAQ:NVDA',
  } as const;

  beforeAll(async () => {
    t = await createTestDatabase();
    await ensureDemoCompanies(t.db);
    let seq = 0;
    for (const kind of ['visible', 'hidden', 'experiment'] as const) {
      seq += 1;
      const row = await t.db
        .insertInto('news')
        .values({
          link: `https://wire.example/visibility-${kind}`,
          guid: `visibility-${kind}`,
          title: `Shares jump after record results ${seq}`,
          creation_date: hoursAgo(30 + seq),
          updated_at: hoursAgo(1),
          sentiment_score: [8],
          interest_score: 5,
          related_exchange_tickers: [symbols[kind]],
          status: 'PROCESSED',
          is_blocked: kind === 'hidden',
          experiment: kind === 'experiment' ? 'prompt-b' : null,
          AI: JSON.stringify({
            classification: 'Company Results',
            title: `AI title ${kind}`,
            defcon_level: 1,
            sentiment: 'bullish',
          }),
          source: 'test',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids[kind] = row.id;
      await t.db
        .insertInto('quote_snapshots')
        .values({
          exchange_ticker: symbols[kind],
          price: 100,
          previous_close: 99,
          open: 99,
          day_low: 98,
          day_high: 101,
          change: 1,
          change_pct: 1.01,
          currency: 'USD',
          source: 'demo',
          as_of: hoursAgo(2),
          change_pct_31: 0,
          change_pct_365: 0,
        })
        .execute();
    }
  });

  afterAll(async () => {
    await t.drop();
  });

  const only = (found: readonly string[]) => {
    expect(found).toContain(ids.visible);
    expect(found).not.toContain(ids.hidden);
    expect(found).not.toContain(ids.experiment);
  };

  it('instant alerts', async () => {
    const rows = await createAlertsRepository(t.db).alertableArticles(hoursAgo(48), NOW, 100);
    only(rows.map((row) => row.id));
  });

  it("the analyst's track record", async () => {
    const rows = await createTrackRecordRepository(t.db).callArticles(NOW, null, 100);
    only(rows.map((row) => row.id));
  });

  it('recommendations', async () => {
    const rows = await createRecommendationRepository(t.db).top(NOW, 100);
    const withNews = rows.filter((row) => row.articles > 0).map((row) => row.exchange_ticker);
    expect(withNews).toEqual([symbols.visible]);
  });

  it("the blog's week of news", async () => {
    const rows = await createBlogRepository(t.db).weekNews(hoursAgo(72), NOW, 100);
    only(rows.map((row) => row.id));
  });

  it('the sitemap', async () => {
    const news = createNewsRepository(t.db);
    const pages = await news.sitemapPages(1_000);
    expect(pages.reduce((sum, page) => sum + page.count, 0)).toBe(1);
    const entries = await news.sitemapEntries(pages[0]!.first_id, 1_000);
    only(entries.map((row) => row.id));
  });

  it("a company's news", async () => {
    const companies = createCompanyRepository(t.db);
    for (const kind of ['visible', 'hidden', 'experiment'] as const) {
      const company = await t.db
        .selectFrom('securities')
        .select('company_id')
        .where('exchange_ticker', '=', symbols[kind])
        .executeTakeFirstOrThrow();
      const articles = await companies.newsOf(company.company_id, 'desc', 10);
      expect(articles.length, kind).toBe(kind === 'visible' ? 1 : 0);
    }
  });
});
