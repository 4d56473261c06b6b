import { adminUsersResponseSchema } from '@app/shared/api/users';
import type { User } from '@app/shared/api/users';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { DEFAULT_PAGE_SIZE } from '../../../lib/pagination';

/** Every admin query lives under this key. */
export const ADMIN_QUERY_KEY = ['admin'] as const;
export const ADMIN_USERS_QUERY_KEY = [...ADMIN_QUERY_KEY, 'users'] as const;

/** One page of the admin's user list and how many users match. */
export interface AdminUsersPage {
  users: User[];
  total: number;
}

/**
 * GET /user/admin/get/ALL?skip&limit&q: one page of the accounts, newest first (the server pages
 * the list: a site has tens of thousands of accounts), of those matching `search` if any.
 */
export async function fetchAdminUsers(
  page: number,
  search: string,
  signal?: AbortSignal,
): Promise<AdminUsersPage> {
  const response = await apiGet(
    '/user/admin/get/ALL',
    {
      skip: (page - 1) * DEFAULT_PAGE_SIZE,
      limit: DEFAULT_PAGE_SIZE,
      ...(search !== '' && { q: search }),
    },
    { schema: adminUsersResponseSchema, signal },
  );
  return { users: response.users, total: response.total ?? response.users.length };
}

export function adminUsersQueryOptions(page: number, search: string) {
  return queryOptions({
    queryKey: [...ADMIN_USERS_QUERY_KEY, { page, search }] as const,
    queryFn: ({ signal }) => fetchAdminUsers(page, search, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(page: number, search: string) {
  return useQuery(adminUsersQueryOptions(page, search));
}

/** Replaces one user in every cached page (after an update or a rejection). */
export function replaceCachedAdminUser(queryClient: QueryClient, user: User): void {
  queryClient.setQueriesData<AdminUsersPage>({ queryKey: ADMIN_USERS_QUERY_KEY }, (page) =>
    page
      ? {
          ...page,
          users: page.users.map((current) => (current.username === user.username ? user : current)),
        }
      : page,
  );
}

/** Takes a deleted user out of every cached page (the next visit of a page asks again). */
export function dropCachedAdminUser(queryClient: QueryClient, username: string): void {
  queryClient.setQueriesData<AdminUsersPage>({ queryKey: ADMIN_USERS_QUERY_KEY }, (page) =>
    page && page.users.some((user) => user.username === username)
      ? {
          users: page.users.filter((user) => user.username !== username),
          total: Math.max(0, page.total - 1),
        }
      : page,
  );
}
