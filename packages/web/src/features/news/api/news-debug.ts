import { useMutation, useQueryClient } from '@tanstack/react-query';
import { newsResponseSchema, newsTickerTestResponseSchema } from '@app/shared/api/news';
import type { NewsTickerTest } from '@app/shared/api/news';
import { apiGet, buildApiUrl } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../lib/toast';
import { NEWS_QUERY_KEY } from './news-query-keys';

export interface DebugLink {
  label: string;
  href: string;
}

/**
 * Spec §6/§7: the backend views of one article for debug users. They open in a new tab, so the
 * session token goes in the `key` query parameter the API accepts.
 */
export function newsDebugLinks(id: string, token: string | null): DebugLink[] {
  const query = token === null ? undefined : { key: token };
  const newsId = encodeURIComponent(id);
  return [
    { label: 'Get', href: buildApiUrl(`/news/get/${newsId}`, query) },
    // Reindex runs the analyst only when the article's inputs changed; force reindex always.
    { label: 'Reindex', href: buildApiUrl(`/news/reindex/${newsId}`, query) },
    { label: 'Force reindex', href: buildApiUrl(`/news/force_reindex/${newsId}`, query) },
    { label: 'Translate (es-ES)', href: buildApiUrl(`/news/translate/${newsId}/es-ES`, query) },
    { label: 'Test tickers', href: buildApiUrl(`/news/test/tickers/${newsId}`, query) },
  ];
}

/** GET /news/test/tickers/{id} (debug): the ticker linker's answer on one article. */
export function testNewsTickers(id: string): Promise<NewsTickerTest> {
  return apiGet(`/news/test/tickers/${encodeURIComponent(id)}`, undefined, {
    schema: newsTickerTestResponseSchema,
  });
}

export function useNewsTickerTest() {
  return useMutation({ mutationFn: testNewsTickers });
}

/** GET /news/force_reindex/{id} (debug, admin): runs the analyst on the article again. */
export async function forceReindexNews(id: string) {
  const body = await apiGet(`/news/force_reindex/${encodeURIComponent(id)}`, undefined, {
    schema: newsResponseSchema,
  });
  return body.news[0];
}

/** Force reindex with the result toasted; the news lists load again to show the new analysis. */
export function useForceReindex() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: forceReindexNews,
    onSuccess: (article) => {
      const ai = article?.AI;
      const details = ai
        ? ` Sentiment ${String(ai.sentiment_score)}, defcon ${String(ai.defcon_level)}.`
        : '';
      showSuccessToast(`Article reindexed.${details}`, 'Force reindex');
      void queryClient.invalidateQueries({ queryKey: NEWS_QUERY_KEY });
    },
    onError: (error: Error) => showErrorToast(error.message, 'Force reindex failed'),
  });
}
