import { companyDrawnWith, firstViewOf } from '@app/shared/first-view';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCompany } from '../features/market/api/company';
import { fetchFinancials, PERIOD_DAYS } from '../features/market/api/financials';
import { DEFAULT_HISTORY_RANGE, fetchPriceHistory } from '../features/market/api/price-history';
import { fetchRelatedCompanies } from '../features/market/api/related-companies';
import { fetchNewsArticle } from '../features/news/api/news-article';
import { fetchNewsFrom } from '../features/news/api/news-list';
import { companyNewsSource } from '../features/news/components/company-news-timeline';
import { FEED_PAGE_SIZE, newsFeedFor, querySource } from '../features/news/api/news-feed';
import { feedFiltersWith, newsFeedParamsOf } from '../features/news/api/news-feed-params';
import { companyFilterOf } from '../features/companies/pages/company-page';
import { fetchLatestCompanyAnalysis } from '../features/analysis/api/company-analyses';
import { fetchCompanyUpcoming } from '../features/market-calendar/api/market-calendar';
import { buildApiUrl } from '../lib/api-client';

/** The URLs the app GETs while `load` runs (each answered with an empty success). */
async function urlsFetchedBy(load: () => Promise<unknown>): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(
        new Response(JSON.stringify({ status: 'success', companies: [], financials: {} }), {
          headers: { 'content-type': 'application/json' },
        }),
      );
    }),
  );
  await load();
  return urls;
}

/*
 * The server preloads these URLs with the page (`@app/shared/first-view`); the browser uses a
 * preloaded answer only when the app asks for exactly the same URL, so a change on either side
 * that makes them differ fails here.
 */
describe('the first view the server preloads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each(['latest_ai', 'latest', 'bullish', 'bearish', 'defcon'])(
    'is the first page the /news/%s feed asks for',
    (kind) => {
      const feed = newsFeedFor(kind);
      if (feed === null) throw new Error(`no feed ${kind}`);
      const source = querySource(
        feedFiltersWith(feed.filters, newsFeedParamsOf(new URLSearchParams())),
      );
      const url = buildApiUrl(source.path, { ...source.params, skip: 0, limit: FEED_PAGE_SIZE });
      expect(firstViewOf(`/news/${kind}`)).toEqual({ page: 'news-feed', requests: [url] });
    },
  );

  it('is the article /news/view?id= asks for, and only for a visit with its id alone', async () => {
    const id = 'a b/c?d';
    const urls = await urlsFetchedBy(() => fetchNewsArticle(id).catch(() => null));
    const search = new URLSearchParams({ id }).toString();
    expect(firstViewOf('/news/view', search)).toEqual({ page: 'article', requests: urls });
    expect(firstViewOf('/news/view', `${search}&utm_source=x`)).toBeNull();
    expect(firstViewOf('/news/view', 'id=')).toBeNull();
    expect(firstViewOf('/news/view')).toBeNull();
  });

  it("is the company and its quote with periods that /ticker/{symbol}'s header asks for", async () => {
    const filter = companyFilterOf('nasdaq:aapl', new URLSearchParams());
    if (filter === null || !('symbol' in filter)) throw new Error('no symbol filter');
    const urls = await urlsFetchedBy(async () => {
      // Only the URLs matter here, not what the empty answers parse to.
      await fetchCompany(filter).catch(() => null);
      await fetchFinancials([filter.symbol], { withPeriods: true }).catch(() => null);
    });
    expect(PERIOD_DAYS).toEqual([31, 365]);
    const view = { page: 'company', symbol: 'NASDAQ:AAPL', requests: urls };
    expect(firstViewOf('/ticker/nasdaq%3Aaapl')).toEqual(view);
    expect(firstViewOf('/ticker/NASDAQ:AAPL')).toEqual(view);
  });

  it('draws a company page with the history, news timeline, AI review, upcoming dates and related companies the app asks for', async () => {
    const symbol = 'NASDAQ:AAPL';
    const urls = await urlsFetchedBy(async () => {
      await fetchPriceHistory(symbol, DEFAULT_HISTORY_RANGE).catch(() => null);
      const news = companyNewsSource(symbol);
      await fetchNewsFrom(news.path, news.params, { skip: 0, limit: FEED_PAGE_SIZE }).catch(
        () => null,
      );
      await fetchLatestCompanyAnalysis({ symbol }).catch(() => null);
      await fetchCompanyUpcoming(symbol).catch(() => null);
      await fetchRelatedCompanies(symbol).catch(() => null);
    });
    expect(companyDrawnWith(symbol)).toEqual(urls);
  });

  it('is none for a visit with a query, a feed with a parameter or another page', () => {
    expect(firstViewOf('/news/latest_ai', 'symbol=AAPL')).toBeNull();
    expect(firstViewOf('/news/class/earnings')).toBeNull();
    expect(firstViewOf('/news/unknown')).toBeNull();
    expect(firstViewOf('/ticker/%E0%A4%A')).toBeNull();
    expect(firstViewOf('/about')).toBeNull();
  });
});
