import type { PagePathName } from '@app/shared/app-routes';
import type { PageLoader } from './lazy-page';
import type { PageRouteSpec, RouteSpec } from './route-types';

/*
 * The news pages of the route table (spec §2): hot news, the feeds, the portfolio and
 * experiments feeds and the article page, by their PAGE_PATHS name. `routes.tsx` spreads them into
 * its table; a name here that PAGE_PATHS lacks, or that routes.tsx also specifies, fails `tsc`.
 */

/** Every /news/{feed} route shares one page; it reads the feed from the path. */
const newsFeedPage: PageLoader = () =>
  import('../features/news/pages/news-feed-page').then((m) => m.NewsFeedPage);

/** A public scroll feed of the news feed page; `canonical` when the path has no parameter. */
function newsFeedRoute(title: string, description: string, canonical = true): PageRouteSpec {
  return {
    kind: 'page',
    guard: 'public',
    page: newsFeedPage,
    meta: { title, description, ...(canonical && { canonical: true }), layout: 'main' },
  };
}

export const newsRouteSpecs = {
  hotNews: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/news/pages/home-page').then((m) => m.HomePage),
    meta: {
      title: 'Hot news',
      description: 'The newest market news with related tickers and an AI summary.',
      canonical: true,
      layout: 'main',
    },
  },
  newsLatestAi: newsFeedRoute(
    'AI news feed',
    'The latest market news tied to companies, summarised by our AI analyst.',
  ),
  newsLatest: newsFeedRoute('Latest news', 'Every market news article, newest first.'),
  newsBullish: newsFeedRoute(
    'Bullish news',
    'Market news with a strongly positive sentiment score.',
  ),
  newsBearish: newsFeedRoute(
    'Bearish news',
    'Market news with a strongly negative sentiment score.',
  ),
  newsDefcon: newsFeedRoute(
    'Defcon alerts',
    'Market news our AI analyst rates as defcon level 1 or 2.',
  ),
  newsClass: newsFeedRoute(
    'News by classification',
    'Market news of one AI classification.',
    false,
  ),
  newsPublisher: newsFeedRoute('News by publisher', 'Market news from one publisher.', false),
  newsMyPortfolio: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/news/pages/my-portfolio-page').then((m) => m.MyPortfolioPage),
    meta: {
      title: 'My portfolio feed',
      description: 'The latest news about the companies in your watchlist.',
      layout: 'main',
    },
  },
  newsExperiments: {
    kind: 'page',
    guard: 'user',
    page: () => import('../features/news/pages/experiments-page').then((m) => m.ExperimentsPage),
    meta: {
      title: 'Experiments',
      description: 'Articles carrying an experiment variant (debug users).',
      layout: 'main',
    },
  },
  newsView: {
    kind: 'page',
    guard: 'public',
    page: () => import('../features/news/pages/news-view-page').then((m) => m.NewsViewPage),
    meta: {
      title: 'News article',
      description: 'A market news article with its full AI analysis.',
      layout: 'main',
    },
  },
} satisfies Partial<Record<PagePathName, RouteSpec>>;
