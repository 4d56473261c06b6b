import { RECOMMENDATIONS_LIMIT, recommendationsResponseSchema } from '@app/shared/api/portfolio';
import type { Recommendation } from '@app/shared/api/portfolio';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { PORTFOLIO_QUERY_KEY } from './portfolio-query-keys';

/** GET /company/recommendations?limit=20 (spec §9: the recommendations query returns 20). */
export async function fetchRecommendations(signal?: AbortSignal): Promise<Recommendation[]> {
  const { recommendations } = await apiGet(
    '/company/recommendations',
    { limit: RECOMMENDATIONS_LIMIT },
    // Spec §8: a recommendations load failure only logs (the widget says so in place), no toast.
    { schema: recommendationsResponseSchema, signal, notifyNetworkError: false },
  ).catch((error: unknown) => {
    console.warn('Recommendations could not be loaded', error);
    throw error;
  });
  return recommendations;
}

export function useRecommendations() {
  return useQuery({
    queryKey: [...PORTFOLIO_QUERY_KEY, 'recommendations'] as const,
    queryFn: ({ signal }) => fetchRecommendations(signal),
    staleTime: 5 * 60_000,
  });
}
