import { tokenExchangeResponseSchema } from '@app/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { startSession } from './current-user';

/**
 * GET /user/token?key= exchanges a one-time recovery key for a session (spec §4 "token recovery");
 * the new session is stored at once.
 */
export async function fetchRecoveryToken(client: QueryClient, key: string) {
  const response = await apiGet(
    '/user/token',
    { key },
    // A refused key is about the link, not about a session stored here.
    { schema: tokenExchangeResponseSchema, handleUnauthorized: false },
  );
  startSession(client, { token: response.token, username: response.username });
  return response;
}

/** The key works once, so its answer is kept and never refetched. */
export function recoveryTokenQueryOptions(key: string) {
  return queryOptions({
    queryKey: ['recovery-token', key] as const,
    queryFn: ({ client }) => fetchRecoveryToken(client, key),
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/** Exchanges `key` (nothing happens when it is null). */
export function useRecoveryToken(key: string | null) {
  return useQuery({ ...recoveryTokenQueryOptions(key ?? ''), enabled: key !== null });
}
