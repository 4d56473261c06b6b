import type { PageLoader } from './lazy-page';
import type { AppRouteEntry, PageRouteEntry } from './routes';

/*
 * The news pages of the route table (spec §2): hot news, the feeds, the portfolio and
 * experiments feeds and the article page. `routes.tsx` spreads them in before the catch-all.
 */

/** Every /news/{feed} route shares one page; it reads the feed from the path. */
const newsFeedPage: PageLoader = () =>
  import('../features/news/pages/news-feed-page').then((m) => m.NewsFeedPage);

/** A public scroll feed of the news feed page; `canonical` when the path has no parameter. */
function newsFeedRoute(
  path: string,
  title: string,
  description: string,
  canonical = true,
): PageRouteEntry {
  return {
    kind: 'page',
    path,
    guard: 'public',
    page: newsFeedPage,
    meta: { title, description, ...(canonical && { canonical: path }), layout: 'main' },
  };
}

export const newsRoutes: readonly AppRouteEntry[] = [
  {
    kind: 'page',
    path: '/home',
    guard: 'public',
    page: () => import('../features/news/pages/home-page').then((m) => m.HomePage),
    meta: {
      title: 'Hot news',
      description: 'The newest market news with related tickers and an AI summary.',
      canonical: '/home',
      layout: 'main',
    },
  },
  newsFeedRoute(
    '/news/latest_ai',
    'AI news feed',
    'The latest market news tied to companies, summarised by our AI analyst.',
  ),
  newsFeedRoute('/news/latest', 'Latest news', 'Every market news article, newest first.'),
  newsFeedRoute(
    '/news/bullish',
    'Bullish news',
    'Market news with a strongly positive sentiment score.',
  ),
  newsFeedRoute(
    '/news/bearish',
    'Bearish news',
    'Market news with a strongly negative sentiment score.',
  ),
  newsFeedRoute(
    '/news/defcon',
    'Defcon alerts',
    'Market news our AI analyst rates as defcon level 1 or 2.',
  ),
  newsFeedRoute(
    '/news/class/:type',
    'News by classification',
    'Market news of one AI classification.',
    false,
  ),
  newsFeedRoute(
    '/news/publisher/:type',
    'News by publisher',
    'Market news from one publisher.',
    false,
  ),
  {
    kind: 'page',
    path: '/news/my_portfolio',
    guard: 'user',
    page: () => import('../features/news/pages/my-portfolio-page').then((m) => m.MyPortfolioPage),
    meta: {
      title: 'My portfolio feed',
      description: 'The latest news about the companies in your watchlist.',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/news/experiments',
    guard: 'user',
    page: () => import('../features/news/pages/experiments-page').then((m) => m.ExperimentsPage),
    meta: {
      title: 'Experiments',
      description: 'Articles carrying an experiment variant (debug users).',
      layout: 'main',
    },
  },
  {
    kind: 'page',
    path: '/news/view',
    guard: 'public',
    page: () => import('../features/news/pages/news-view-page').then((m) => m.NewsViewPage),
    meta: {
      title: 'News article',
      description: 'A market news article with its full AI analysis.',
      layout: 'main',
    },
  },
];
