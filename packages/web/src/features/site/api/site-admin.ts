import {
  contactInboxResponseSchema,
  contactMarkResponseSchema,
  newsletterAdminResponseSchema,
} from '@app/shared/api/site';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, buildApiUrl } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { showErrorToast } from '../../../lib/toast';

const SITE_ADMIN_KEY = ['site', 'admin'] as const;

/** GET /subscription/admin/list: every subscriber and the counts per status (admins). */
export const newsletterAdminQueryOptions = queryOptions({
  queryKey: [...SITE_ADMIN_KEY, 'newsletter'] as const,
  queryFn: async ({ signal }) => {
    const { status: _status, ...answer } = await apiGet('/subscription/admin/list', undefined, {
      schema: newsletterAdminResponseSchema,
      signal,
    });
    return answer;
  },
});
export const useNewsletterAdmin = () => useQuery(newsletterAdminQueryOptions);

/** GET /contact/admin/inbox: contact messages, newest first, with the unread count (admins). */
export const contactInboxQueryOptions = queryOptions({
  queryKey: [...SITE_ADMIN_KEY, 'contact'] as const,
  queryFn: async ({ signal }) => {
    const { status: _status, ...answer } = await apiGet('/contact/admin/inbox', undefined, {
      schema: contactInboxResponseSchema,
      signal,
    });
    return answer;
  },
});
export const useContactInbox = () => useQuery(contactInboxQueryOptions);

/** POST /contact/admin/mark/{id} {read}: marks a message read or unread. */
export function useMarkContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, read }: { id: string; read: boolean }) =>
      apiPost(
        `/contact/admin/mark/${encodeURIComponent(id)}`,
        { read },
        {
          schema: contactMarkResponseSchema,
        },
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactInboxQueryOptions.queryKey }),
    onError: (error) => showErrorToast(error.message),
  });
}

/** Downloads GET /subscription/admin/export (the subscribers as CSV) with the session token. */
export async function downloadSubscribersCsv(): Promise<void> {
  const token = getStoredToken();
  let response: Response;
  try {
    response = await fetch(buildApiUrl('/subscription/admin/export'), {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError(0, 'Unable to connect to the server. Please try again later.');
  }
  if (!response.ok)
    throw new ApiError(response.status, `The export failed (HTTP ${String(response.status)}).`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'newsletter-subscribers.csv';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
