import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@app/shared/api/users';
import { apiGet } from '../../../lib/api-client';
import { getStoredToken, storeSession, storeUserData } from '../../../lib/session';
import { useStoredToken } from '../../../lib/use-stored-token';
import { readStoredUser } from '../stored-user';

/** Every query about the session's user lives under this key (cleared on logout). */
export const USERS_QUERY_KEY = ['users'] as const;

export function currentUserQueryKey(token: string | null) {
  return [...USERS_QUERY_KEY, 'me', token] as const;
}

/** GET /user/get/me (spec §7); refreshes the cached copy in localStorage `userData`. */
export async function fetchCurrentUser(token: string | null, signal?: AbortSignal): Promise<User> {
  // Imported on demand: the schema (and zod) stay out of the entry chunk that visitors load.
  const { currentUserResponseSchema } = await import('@app/shared/api/users');
  const { current_user: user } = await apiGet('/user/get/me', undefined, {
    schema: currentUserResponseSchema,
    signal,
    // The route guard reports a failed load on /error; a toast would say it twice.
    notifyNetworkError: false,
  });
  if (getStoredToken() === token) storeUserData(user);
  return user;
}

export function currentUserQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: currentUserQueryKey(token),
    queryFn: ({ signal }) => fetchCurrentUser(token, signal),
    enabled: token !== null,
    // Spec §7: the cached user is used at once; it is refreshed in the background.
    initialData: token === null ? undefined : () => readStoredUser() ?? undefined,
    initialDataUpdatedAt: 0,
    staleTime: 60_000,
  });
}

export interface UseCurrentUserOptions {
  /** False: only read what is cached (no request). */
  enabled?: boolean;
  /** Reload the user when the component mounts, even if the cached copy is fresh (profile). */
  reload?: boolean;
}

/** The logged-in user (undefined for visitors and while the first load runs). */
export function useCurrentUser({ enabled = true, reload = false }: UseCurrentUserOptions = {}) {
  const token = useStoredToken();
  const query = useQuery({
    ...currentUserQueryOptions(token),
    enabled: enabled && token !== null,
    refetchOnMount: reload ? 'always' : true,
  });
  return {
    token,
    user: token === null ? undefined : query.data,
    isError: query.isError,
    error: query.error,
  };
}

/** Puts a fresh copy of the user in the query cache and in localStorage. */
export function cacheCurrentUser(queryClient: QueryClient, user: User): void {
  const token = getStoredToken();
  if (token === null) return;
  storeUserData(user);
  queryClient.setQueryData(currentUserQueryKey(token), user);
}

/** Spec §4: a session starts on login, register, unlock and token recovery. */
export function startSession(
  queryClient: QueryClient,
  session: { token: string; user: User } | { token: string; username: string },
): void {
  if ('user' in session) {
    storeSession({ token: session.token, userName: session.user.username, userData: session.user });
    queryClient.setQueryData(currentUserQueryKey(session.token), session.user);
  } else {
    // Token recovery answers only the name: the user is loaded when a page needs it.
    storeSession({ token: session.token, userName: session.username, userData: null });
  }
}
