/**
 * What the first screen of a public page (a feed, an article, a company) asks the API for, so the server
 * can tell the browser with the page's HTML (`<link rel="preload" as="fetch">`) and the answer
 * arrives while the app's JavaScript is still loading, instead of after it. The browser uses a
 * preloaded answer only for a request of exactly the same URL, so these must be the URLs the web
 * app builds: `packages/web/src/app/first-view.test.ts` compares them with the app's own.
 *
 * Only plain visits are covered (no query string: `?symbol=`, `?page=` change what the page asks
 * for), and an article's `/news/view?id=` with its `id` alone; any other visit simply gets no API
 * preload.
 */

/** The lazily loaded page a first view belongs to (its chunks are preloaded too). */
export type FirstViewPage = 'news-feed' | 'article' | 'company';

export interface FirstView {
  page: FirstViewPage;
  /** API URLs (path and query) the page's first screen GETs, in the app's exact spelling. */
  requests: string[];
  /** A company page's symbol, upper case (`NASDAQ:AAPL`). */
  symbol?: string;
}

const NEWEST = 'order_by=-creation_date';

/** GET /news/query filters of the scroll feeds (web `newsFeedFor`), in the app's key order. */
const FEED_FILTERS: Readonly<Record<string, string>> = {
  latest_ai: `ai_summary__ne=NULL&related_exchange_tickers__not__size=0&${NEWEST}`,
  latest: `${NEWEST}&no_cache=1`,
  bullish: `sentiment_score__gte=7&${NEWEST}`,
  bearish: `sentiment_score__lte=-5&${NEWEST}`,
  defcon: `AI__defcon_level__lte=2&${NEWEST}`,
};

/** The scroll feed's first page (spec §9: 5 articles). */
const FEED_FIRST_PAGE = 'skip=0&limit=5';

/** A symbol as the web app writes it in a path segment (`lib/ticker-path.ts` symbolSegment). */
function symbolSegment(symbol: string): string {
  return encodeURIComponent(symbol).replace(/%3A/gi, ':');
}

/**
 * The first view of `pathname` (as the browser sent it, still percent-encoded) with `search`
 * (without '?'), or null when the page has none or the visit has a query.
 */
export function firstViewOf(pathname: string, search = ''): FirstView | null {
  if (pathname === '/news/view') return articleViewOf(search);
  if (search !== '') return null;
  const feed = /^\/news\/([a-z_]+)$/.exec(pathname)?.[1];
  if (feed !== undefined) {
    const filters = FEED_FILTERS[feed];
    if (filters === undefined) return null;
    return { page: 'news-feed', requests: [`/api/news/query?${filters}&${FEED_FIRST_PAGE}`] };
  }
  const ticker = /^\/ticker\/([^/]+)$/.exec(pathname)?.[1];
  if (ticker !== undefined) {
    let symbol: string;
    try {
      symbol = decodeURIComponent(ticker).trim().toUpperCase();
    } catch {
      return null;
    }
    if (symbol === '') return null;
    const query = new URLSearchParams({ exchange_tickers: symbol, limit: '1' });
    return {
      page: 'company',
      symbol,
      requests: [
        // The header: the company, then its quote with the month and year columns.
        `/api/company/query?${query.toString()}`,
        `/api/company/financials/get/${symbolSegment(symbol)}?add=31%2C365`,
      ],
    };
  }
  return null;
}

/**
 * Public answers of a company page (`/ticker/{symbol}`) that the server draws and dehydrates with
 * its first screen but does not preload (the drawn page carries them): the price history at the
 * chart's default range, the news timeline's first page, the AI review, the upcoming dates and the
 * related companies, in the app's exact spelling (`packages/web/src/app/first-view.test.ts`
 * compares them with the app's own). Fetched by the app after its start, each arrived alone and
 * re-rendered the page; the AI review, the tallest, pushed the cards below it down (a layout
 * shift of 0.08 at 1366 px).
 */
export function companyDrawnWith(symbol: string): string[] {
  const segment = symbolSegment(symbol);
  const review = new URLSearchParams({
    symbol,
    ai_summary__exists: '1',
    order_by: '-ai_upload_date',
    limit: '1',
  });
  return [
    `/api/ticker/history/${segment}?range=1y`,
    `/api/news/company/${segment}?skip=0&limit=5`,
    `/api/company/query_prompts?${review.toString()}`,
    `/api/market-calendar/company/${segment}`,
    `/api/company/get_related/${segment}?limit=25`,
  ];
}

/** GET /news/get/{id} of `/news/view?id={id}` (web `fetchNewsArticle`), for an `id` alone. */
function articleViewOf(search: string): FirstView | null {
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(search);
  } catch {
    return null;
  }
  const id = params.get('id');
  if ([...params.keys()].length !== 1 || id === null || id.trim() === '') return null;
  return { page: 'article', requests: [`/api/news/get/${encodeURIComponent(id)}`] };
}
