import { validationQueueResponseSchema } from '@app/shared/api/users';
import type { QueueUser } from '@app/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-users';

export const VALIDATION_QUEUE_QUERY_KEY = [...ADMIN_QUERY_KEY, 'validation-queue'] as const;

/** How many waiting accounts the queue card shows at once (the oldest first). */
export const VALIDATION_QUEUE_PAGE = 20;

/** The oldest accounts waiting for approval, and how many wait in all. */
export interface ValidationQueue {
  users: QueueUser[];
  total: number;
}

/**
 * GET /user/admin/validation_queue?limit: the oldest accounts that confirmed their e-mail and
 * wait for approval (the server pages the queue), and how many wait.
 */
export async function fetchValidationQueue(signal?: AbortSignal): Promise<ValidationQueue> {
  const response = await apiGet(
    '/user/admin/validation_queue',
    { limit: VALIDATION_QUEUE_PAGE },
    { schema: validationQueueResponseSchema, signal },
  );
  return { users: response.users, total: response.total ?? response.users.length };
}

export function validationQueueQueryOptions() {
  return queryOptions({
    queryKey: VALIDATION_QUEUE_QUERY_KEY,
    queryFn: ({ signal }) => fetchValidationQueue(signal),
  });
}

export function useValidationQueue() {
  return useQuery(validationQueueQueryOptions());
}

/**
 * Takes a user out of the cached queue (approved, rejected or deleted); when the shown page runs
 * out while others wait, the queue is asked again.
 */
export function dropFromCachedQueue(queryClient: QueryClient, username: string): void {
  const queue = queryClient.getQueryData<ValidationQueue>(VALIDATION_QUEUE_QUERY_KEY);
  if (!queue?.users.some((user) => user.username === username)) return;
  const users = queue.users.filter((user) => user.username !== username);
  const total = Math.max(users.length, queue.total - 1);
  queryClient.setQueryData<ValidationQueue>(VALIDATION_QUEUE_QUERY_KEY, { users, total });
  if (users.length === 0 && total > 0) {
    void queryClient.invalidateQueries({ queryKey: VALIDATION_QUEUE_QUERY_KEY });
  }
}
