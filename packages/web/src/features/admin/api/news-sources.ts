import { successResponse } from '@app/shared/api/envelope';
import {
  newsSourceResponseSchema,
  newsSourcesResponseSchema,
  newsSourceTestResponseSchema,
  opmlImportResponseSchema,
  type NewsSourceAddBody,
  type NewsSourceTest,
  type NewsSourceView,
} from '@app/shared/api/news-sources';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet, apiPost, ApiError, buildApiUrl } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { showErrorToast } from '../../../lib/toast';
import { ADMIN_QUERY_KEY } from './admin-users';

const NEWS_SOURCES_KEY = [...ADMIN_QUERY_KEY, 'news-sources'] as const;

/** GET /admin/news-sources: the polled feeds with their health and counts. */
export async function fetchNewsSources(signal?: AbortSignal): Promise<NewsSourceView[]> {
  const response = await apiGet('/admin/news-sources', undefined, {
    schema: newsSourcesResponseSchema,
    signal,
  });
  return response.sources;
}

export function newsSourcesQueryOptions() {
  return queryOptions({
    queryKey: NEWS_SOURCES_KEY,
    queryFn: ({ signal }) => fetchNewsSources(signal),
    // The worker polls every minute: the list follows it while the panel is open.
    refetchInterval: 60_000,
    refetchIntervalInBackground: false,
  });
}

export function useNewsSources() {
  return useQuery(newsSourcesQueryOptions());
}

/** POST /admin/news-sources/test: what a feed would give, before anything is saved. */
export function testNewsSource(url: string): Promise<NewsSourceTest> {
  return apiPost('/admin/news-sources/test', { url }, { schema: newsSourceTestResponseSchema });
}

export function useTestNewsSource() {
  return useMutation({ mutationFn: testNewsSource });
}

/** Every change to the list answers the changed source or nothing: the list is read again. */
function useSourcesChange<Input, Output>(call: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NEWS_SOURCES_KEY }),
    onError: (error) => showErrorToast(error.message),
  });
}

export const useAddNewsSource = () =>
  useSourcesChange((body: NewsSourceAddBody) =>
    apiPost('/admin/news-sources', body, { schema: newsSourceResponseSchema }),
  );

export const useSetNewsSourceState = () =>
  useSourcesChange(({ id, state }: { id: string; state: 'active' | 'paused' }) =>
    apiPost(
      `/admin/news-sources/${encodeURIComponent(id)}/state`,
      { state },
      { schema: newsSourceResponseSchema },
    ),
  );

export const useRemoveNewsSource = () =>
  useSourcesChange((id: string) =>
    apiPost(`/admin/news-sources/${encodeURIComponent(id)}/remove`, undefined, {
      schema: successResponse({ id: z.string() }),
    }),
  );

export const useImportOpml = () =>
  useSourcesChange((opml: string) =>
    apiPost('/admin/news-sources/opml', { opml }, { schema: opmlImportResponseSchema }),
  );

/**
 * GET /admin/news-sources/opml as a file. A plain link cannot send the Authorization header, so
 * the file is fetched here and handed to the browser as a Blob URL.
 */
export async function downloadOpml(): Promise<void> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl('/admin/news-sources/opml'), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Unable to connect to the server. Please try again later.');
  }
  if (!response.ok) {
    throw new ApiError(response.status, `The export failed (HTTP ${String(response.status)}).`);
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'stockpulse-news-sources.opml';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
