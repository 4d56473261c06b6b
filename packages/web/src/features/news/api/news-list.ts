import type { NewsArticle } from '@app/shared/api/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { NEWS_QUERY_KEY } from './news-query-keys';

/** Filters of GET /news/query (spec §7), as query-string pairs. */
export type NewsFilters = Readonly<Record<string, string>>;

/** Spec §7: latest news that has related tickers and an AI summary (the AI feed and /home). */
export const LATEST_AI_FILTERS: NewsFilters = {
  ai_summary__ne: 'NULL',
  related_exchange_tickers__not__size: '0',
  order_by: '-creation_date',
};

/** Spec §9: the home feed shows 20 articles. */
export const HOME_FEED_SIZE = 20;

/** One page of a news list: how many to skip, how many to return. */
export interface NewsPageRange {
  skip: number;
  limit: number;
}

/**
 * GET {path}?{params}&skip&limit: one page of articles from any news list endpoint
 * (/news/query, /news/my_portfolio, /news/company/{symbol}, /news/search/{query}).
 */
export async function fetchNewsFrom(
  path: string,
  params: NewsFilters,
  page: NewsPageRange,
  signal?: AbortSignal,
): Promise<NewsArticle[]> {
  const response = await apiGet(
    path,
    { ...params, skip: page.skip, limit: page.limit },
    {
      loadSchema: () => import('./news-schemas').then((m) => m.newsArticlesResponseSchema),
      signal,
    },
  );
  return response.news;
}

/** GET /news/query?{filters}&skip&limit: one page of articles. */
export function fetchNews(
  filters: NewsFilters,
  page: NewsPageRange,
  signal?: AbortSignal,
): Promise<NewsArticle[]> {
  return fetchNewsFrom('/news/query', filters, page, signal);
}

export function newsListQueryOptions(filters: NewsFilters, limit: number) {
  return queryOptions({
    queryKey: [...NEWS_QUERY_KEY, 'list', filters, limit] as const,
    queryFn: ({ signal }) => fetchNews(filters, { skip: 0, limit }, signal),
    staleTime: 60_000,
  });
}

/** The first `limit` articles matching `filters`. */
export function useNewsList(filters: NewsFilters, limit: number) {
  return useQuery(newsListQueryOptions(filters, limit));
}
