import { adminUsersResponseSchema } from '@app/shared/api/users';
import type { User } from '@app/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** Every admin query lives under this key. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'users'] as const;

/** GET /user/admin/get/ALL: every account. */
export async function fetchAdminUsers(signal?: AbortSignal): Promise<User[]> {
  const response = await apiGet('/user/admin/get/ALL', undefined, {
    schema: adminUsersResponseSchema,
    signal,
  });
  return response.users;
}

export function adminUsersQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_USERS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAdminUsers(signal),
  });
}

export function useAdminUsers() {
  return useQuery(adminUsersQueryOptions());
}

/** Replaces one user in the cached list (after an update or a rejection). */
export function replaceCachedAdminUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueryData<User[]>(ADMIN_USERS_QUERY_KEY, (users) =>
    users?.map((current) => (current.username === user.username ? user : current)),
  );
}
