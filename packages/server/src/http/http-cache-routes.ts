import type { HttpCachePolicy } from './http-cache.ts';

/** Quotes, feeds and comments: a few seconds, like the server's own feed cache (5 s). */
const LIVE: HttpCachePolicy = { maxAge: 5, staleWhileRevalidate: 10 };
/** Company pages, analyses, search: changes within minutes. */
const MINUTE: HttpCachePolicy = { maxAge: 30, staleWhileRevalidate: 60 };
/** Profiles, categories, daily history, the public site: changes within hours. */
const SLOW: HttpCachePolicy = { maxAge: 300, staleWhileRevalidate: 600 };

/**
 * Public GETs of other modules whose visitor answers may be cached, by route URL (as Fastify
 * registers it, with the /api prefix). A route may instead declare `config.httpCache` itself;
 * its own setting wins. Every URL here must be a public GET route: the app refuses to start
 * otherwise (http-cache.ts). Anything not listed is `no-store`.
 */
export const PUBLIC_CACHE_ROUTES: Readonly<Record<string, HttpCachePolicy>> = {
  // news (feeds, article page, company news, search)
  '/api/news/query': LIVE,
  '/api/news/get/:id': MINUTE,
  '/api/news/company/:symbol': LIVE,
  '/api/news/search/:query': MINUTE,
  '/api/comments/query': LIVE,
  // company pages and tickers
  '/api/company/query': MINUTE,
  '/api/company/query_cache': SLOW,
  '/api/company/query_symbol/:symbol': MINUTE,
  '/api/company/get_related/:ticker': SLOW,
  '/api/company/categories': SLOW,
  '/api/company/suggestions': SLOW,
  '/api/company/recommendations': MINUTE,
  '/api/company/latest_prompts': MINUTE,
  '/api/company/query_prompts': MINUTE,
  '/api/company/financials/get/:symbol': LIVE,
  '/api/ticker/query/simple': LIVE,
  '/api/ticker/suggestions': SLOW,
  '/api/ticker/history/:ticker': MINUTE,
  '/api/analysis/track-record': SLOW,
  // public site
  '/api/blog/posts': SLOW,
  '/api/blog/posts/:slug': SLOW,
  '/api/payment/plans': SLOW,
  '/api/contact/details': SLOW,
  '/api/telegram/info': SLOW,
};
