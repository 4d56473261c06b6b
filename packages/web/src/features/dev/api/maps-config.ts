import { mapsConfigResponseSchema } from '@app/shared/api/dev';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /dev/maps-config: the Google Maps browser key the server is configured with, or null. */
export async function fetchMapsConfig(signal?: AbortSignal): Promise<string | null> {
  const { google_maps_key } = await apiGet('/dev/maps-config', undefined, {
    schema: mapsConfigResponseSchema,
    signal,
    notifyNetworkError: false,
  });
  return google_maps_key;
}

export const mapsConfigQueryOptions = queryOptions({
  queryKey: ['dev', 'maps-config'] as const,
  queryFn: ({ signal }) => fetchMapsConfig(signal),
  staleTime: 10 * 60_000,
});

/** The Google Maps key: undefined while loading, null when none is configured (or on failure). */
export function useGoogleMapsKey(): string | null | undefined {
  const { data, isError } = useQuery(mapsConfigQueryOptions);
  return isError ? null : data;
}
