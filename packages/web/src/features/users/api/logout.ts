import { useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiPost } from '../../../lib/api-client';
import { clearStoredSession, getStoredToken, removeStoredToken } from '../../../lib/session';

/** A logout must not hang the page when the server is slow. */
const LOGOUT_TIMEOUT_MS = 5000;

/** POST /user/logout: revokes the stored token on the server. */
export function postLogout(): Promise<unknown> {
  return apiPost(
    '/user/logout',
    {},
    {
      signal: AbortSignal.timeout(LOGOUT_TIMEOUT_MS),
      // Its failure is ignored: the session ends here anyway.
      notifyNetworkError: false,
      handleUnauthorized: false,
    },
  );
}

export interface EndSessionOptions {
  /** Lock screen: forget only the token; keep userName and userData so the name still shows. */
  keepUser?: boolean;
}

/**
 * Query `meta` of data that does not depend on who is logged in (demo credentials): kept on
 * logout. Everything else is dropped, so no user's data outlives their session.
 */
export const SESSION_INDEPENDENT = { sessionIndependent: true } as const;

/**
 * Spec §4 logout: revoke the token on the server first (while it is still stored), then clear the
 * stored session and the cached queries, which resets the user to the placeholder.
 */
export async function endSession(
  queryClient: QueryClient,
  { keepUser = false }: EndSessionOptions = {},
): Promise<void> {
  const token = getStoredToken();
  if (token !== null) await postLogout().catch(() => undefined);
  // A login that finished while the logout was on its way stored a new token: keep that one.
  const current = getStoredToken();
  if (current !== null && current !== token) return;
  if (keepUser) removeStoredToken();
  else clearStoredSession();
  // Removing a query cancels its request: session-independent ones (maybe loading) are kept.
  queryClient.removeQueries({ predicate: (query) => query.meta?.sessionIndependent !== true });
}

/** Returns `logout()`: ends the session (see endSession). */
export function useLogout(): (options?: EndSessionOptions) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback((options) => endSession(queryClient, options), [queryClient]);
}
