import { queryOptions, useQuery } from '@tanstack/react-query';
import { NEWS_QUERY_KEY } from './news-query-keys';
import { fetchNewsFrom } from './news-list';

/** The server searches only texts of at least 3 characters (shorter answers []). */
export const NEWS_SEARCH_MIN_LENGTH = 3;

/** Spec §9: news list pages show 20 articles; the search page shows the 20 best matches. */
export const NEWS_SEARCH_LIMIT = 20;

/** Whether `query` is long enough for GET /news/search/{query}. */
export function isNewsSearchable(query: string): boolean {
  return query.trim().length >= NEWS_SEARCH_MIN_LENGTH;
}

export function newsSearchQueryOptions(query: string) {
  const text = query.trim();
  return queryOptions({
    queryKey: [...NEWS_QUERY_KEY, 'search', text] as const,
    queryFn: ({ signal }) =>
      fetchNewsFrom(
        `/news/search/${encodeURIComponent(text)}`,
        {},
        { skip: 0, limit: NEWS_SEARCH_LIMIT },
        signal,
      ),
    staleTime: 60_000,
  });
}

/** The news matching `query`, best match first; idle while `enabled` is false. */
export function useNewsSearch(query: string, enabled: boolean) {
  return useQuery({ ...newsSearchQueryOptions(query), enabled });
}
