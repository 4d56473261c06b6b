import {
  NEWS_GIF_MAX_KEYWORD_LENGTH,
  NEWS_GIF_MAX_KEYWORDS,
} from '@app/shared/api/news-gif-limits';
import type { NewsGif } from '@app/shared/api/news-gif';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { NEWS_QUERY_KEY } from './news-query-keys';

/** The keywords as the API takes them: no commas or blanks, at most 10 of at most 40 characters. */
export function gifKeywordsParam(keywords: readonly string[]): string {
  return keywords
    .map((keyword) => keyword.replaceAll(',', ' ').trim().slice(0, NEWS_GIF_MAX_KEYWORD_LENGTH))
    .filter(Boolean)
    .slice(0, NEWS_GIF_MAX_KEYWORDS)
    .join(',');
}

/** GET /news/gif?keywords=…: the animation for an article's GIF keywords. */
export async function fetchNewsGif(keywords: string, signal?: AbortSignal): Promise<NewsGif> {
  // Imported on demand: zod stays out of the article page's first load.
  const { newsGifResponseSchema } = await import('@app/shared/api/news-gif');
  const response = await apiGet(
    '/news/gif',
    { keywords },
    // Decoration: a failure shows nothing, never a toast.
    { schema: newsGifResponseSchema, signal, notifyNetworkError: false },
  );
  return response.gif;
}

export function newsGifQueryOptions(keywords: string) {
  return queryOptions({
    queryKey: [...NEWS_QUERY_KEY, 'gif', keywords] as const,
    queryFn: ({ signal }) => fetchNewsGif(keywords, signal),
    // The server keeps GIPHY answers an hour and our animations never change.
    staleTime: 3_600_000,
    retry: false,
  });
}

/** The animation for `keywords`; idle when there are none or `enabled` is false. */
export function useNewsGif(keywords: readonly string[] | null | undefined, enabled = true) {
  const param = gifKeywordsParam(keywords ?? []);
  return useQuery({ ...newsGifQueryOptions(param), enabled: enabled && param !== '' });
}
