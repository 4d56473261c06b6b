import type { NewsArticle } from '@app/shared/api/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client';
import { NEWS_QUERY_KEY } from './news-query-keys';

export const NEWS_NOT_FOUND_MESSAGE = 'News article not found.';

/** GET /news/get/{id}: the article, or a 404 ApiError 'News article not found.'. */
export async function fetchNewsArticle(id: string, signal?: AbortSignal): Promise<NewsArticle> {
  const response = await apiGet(`/news/get/${encodeURIComponent(id)}`, undefined, {
    loadSchema: () => import('./news-schemas').then((m) => m.newsArticlesResponseSchema),
    signal,
  });
  const [article] = response.news;
  if (!article) throw new ApiError(404, NEWS_NOT_FOUND_MESSAGE);
  return article;
}

export function newsArticleQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...NEWS_QUERY_KEY, 'article', id] as const,
    queryFn: ({ signal }) => fetchNewsArticle(id, signal),
    staleTime: 60_000,
  });
}

export function useNewsArticle(id: string | null) {
  return useQuery({ ...newsArticleQueryOptions(id ?? ''), enabled: Boolean(id) });
}
