import { siteFiguresResponseSchema } from '@app/shared/api/site';
import type { SiteFigures } from '@app/shared/api/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /site/figures: the landing's figures, counted from this installation. */
export async function fetchSiteFigures(signal?: AbortSignal): Promise<SiteFigures> {
  const { figures } = await apiGet('/site/figures', undefined, {
    schema: siteFiguresResponseSchema,
    signal,
    notifyNetworkError: false,
  });
  return figures;
}

export const siteFiguresQueryOptions = queryOptions({
  queryKey: ['site', 'figures'] as const,
  queryFn: ({ signal }) => fetchSiteFigures(signal),
  staleTime: 5 * 60_000,
});

/** The figures, or undefined while they load or when the count could not be had. */
export function useSiteFigures(): { figures: SiteFigures | undefined; failed: boolean } {
  const query = useQuery(siteFiguresQueryOptions);
  return { figures: query.data, failed: query.isError };
}
