import { successResponse } from '@app/shared/api/envelope';
import { newsArticleSchema } from '@app/shared/api/news';
import type { NewsArticle } from '@app/shared/api/news';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError, apiGet } from '../../../lib/api-client';
import { NEWS_QUERY_KEY } from './news-query-keys';

export const NEWS_NOT_FOUND_MESSAGE = 'News article not found.';

const newsGetResponseSchema = successResponse({ news: z.array(newsArticleSchema) });

/** GET /news/get/{id}: the article, or a 404 ApiError 'News article not found.'. */
export async function fetchNewsArticle(id: string, signal?: AbortSignal): Promise<NewsArticle> {
  const response = await apiGet(`/news/get/${encodeURIComponent(id)}`, undefined, {
    schema: newsGetResponseSchema,
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
