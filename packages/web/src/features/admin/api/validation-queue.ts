import { adminUsersResponseSchema } from '@app/shared/api/users';
import type { User } from '@app/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-users';

export const VALIDATION_QUEUE_QUERY_KEY = [...ADMIN_QUERY_KEY, 'validation-queue'] as const;

/** GET /user/admin/validation_queue: accounts that confirmed their e-mail and wait for approval. */
export async function fetchValidationQueue(signal?: AbortSignal): Promise<User[]> {
  const response = await apiGet('/user/admin/validation_queue', undefined, {
    schema: adminUsersResponseSchema,
    signal,
  });
  return response.users;
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

/** Takes a user out of the cached queue (approved, rejected or deleted). */
export function dropFromCachedQueue(queryClient: QueryClient, username: string): void {
  queryClient.setQueryData<User[]>(VALIDATION_QUEUE_QUERY_KEY, (users) =>
    users?.filter((user) => user.username !== username),
  );
}
