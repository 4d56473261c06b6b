import { savedScreensResponseSchema } from '@app/shared/api/screener';
import type { SaveScreenBody, SavedScreensResponse } from '@app/shared/api/screener';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { SAVED_SCREENS_KEY } from './screener-query-keys';

export type SavedScreens = Omit<SavedScreensResponse, 'status'>;

const strip = ({ status: _status, ...screens }: SavedScreensResponse): SavedScreens => screens;

/** GET /screener/screens (logged in): the user's screens and the plan's limit. */
export async function fetchSavedScreens(signal?: AbortSignal): Promise<SavedScreens> {
  return strip(
    await apiGet('/screener/screens', undefined, { schema: savedScreensResponseSchema, signal }),
  );
}

export function useSavedScreens(enabled: boolean) {
  return useQuery({
    queryKey: SAVED_SCREENS_KEY,
    queryFn: ({ signal }) => fetchSavedScreens(signal),
    enabled,
  });
}

/** POST /screener/screens { name, query }; the caller words a refusal (limit, name in use). */
export function useSaveScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SaveScreenBody) =>
      strip(await apiPost('/screener/screens', body, { schema: savedScreensResponseSchema })),
    onSuccess: (screens) => queryClient.setQueryData(SAVED_SCREENS_KEY, screens),
  });
}

/** POST /screener/screens/delete { id }. */
export function useDeleteScreen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      strip(
        await apiPost('/screener/screens/delete', { id }, { schema: savedScreensResponseSchema }),
      ),
    onSuccess: (screens) => queryClient.setQueryData(SAVED_SCREENS_KEY, screens),
  });
}
