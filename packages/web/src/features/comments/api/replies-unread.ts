import type { unreadRepliesResponseSchema } from '@app/shared/api/comments';
import type { z } from 'zod';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api-client';
import { useStoredToken } from '../../../lib/use-stored-token';
import { UNREAD_REPLIES_QUERY_KEY } from './comments-query-keys';

/** How often the user menu asks for new replies. */
export const UNREAD_REPLIES_REFRESH_MS = 60_000;

export type UnreadReplies = Omit<z.infer<typeof unreadRepliesResponseSchema>, 'status'>;
export type UnreadReply = UnreadReplies['replies'][number];

/** GET /comments/replies/unread: the count and the newest unread replies to my comments. */
export async function fetchUnreadReplies(signal?: AbortSignal): Promise<UnreadReplies> {
  // Imported on demand: the user menu asks on every page, and zod stays out of the first load.
  const { unreadRepliesResponseSchema } = await import('@app/shared/api/comments');
  const { count, replies } = await apiGet('/comments/replies/unread', undefined, {
    schema: unreadRepliesResponseSchema,
    signal,
    // A background poll: a failure shows as a missing badge, not as a toast every minute.
    notifyNetworkError: false,
  });
  return { count, replies };
}

export function unreadRepliesQueryOptions(token: string | null) {
  return queryOptions({
    queryKey: [...UNREAD_REPLIES_QUERY_KEY, token] as const,
    queryFn: ({ signal }) => fetchUnreadReplies(signal),
    enabled: token !== null,
  });
}

/** The unread replies of the logged-in user, refreshed every 60 s (nothing for visitors). */
export function useUnreadReplies({ poll = true }: { poll?: boolean } = {}) {
  const token = useStoredToken();
  return useQuery({
    ...unreadRepliesQueryOptions(token),
    refetchInterval: poll ? UNREAD_REPLIES_REFRESH_MS : false,
  });
}

/** POST /comments/replies/seen, then the count again. */
export function useMarkRepliesSeen() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost('/comments/replies/seen'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: UNREAD_REPLIES_QUERY_KEY }),
  });
}
