import {
  contactInboxResponseSchema,
  contactMarkResponseSchema,
  newsletterAdminResponseSchema,
} from '@app/shared/api/site';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { ApiError, apiGet, apiPost, buildApiUrl } from '../../../lib/api-client';
import { getStoredToken } from '../../../lib/session';
import { showErrorToast } from '../../../lib/toast';

const SITE_ADMIN_KEY = ['site', 'admin'] as const;

/** Rows per page of the newsletter list and of the contact inbox (the server pages both). */
export const SITE_ADMIN_PAGE_SIZE = 20;
const pageQuery = (page: number) => ({
  skip: (page - 1) * SITE_ADMIN_PAGE_SIZE,
  limit: SITE_ADMIN_PAGE_SIZE,
});

const NEWSLETTER_ADMIN_KEY = [...SITE_ADMIN_KEY, 'newsletter'] as const;

/** GET /subscription/admin/list?skip&limit: a page of subscribers, the counts per status (admins). */
export function newsletterAdminQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...NEWSLETTER_ADMIN_KEY, page] as const,
    queryFn: async ({ signal }) => {
      const { status: _status, ...answer } = await apiGet(
        '/subscription/admin/list',
        pageQuery(page),
        { schema: newsletterAdminResponseSchema, signal },
      );
      const { pending, confirmed, unsubscribed } = answer.counts;
      return { ...answer, total: answer.total ?? pending + confirmed + unsubscribed };
    },
    placeholderData: keepPreviousData,
  });
}
export const useNewsletterAdmin = (page: number) => useQuery(newsletterAdminQueryOptions(page));

const CONTACT_INBOX_KEY = [...SITE_ADMIN_KEY, 'contact'] as const;

/** GET /contact/admin/inbox?skip&limit: a page of messages, newest first, the unread count (admins). */
export function contactInboxQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...CONTACT_INBOX_KEY, page] as const,
    queryFn: async ({ signal }) => {
      const { status: _status, ...answer } = await apiGet('/contact/admin/inbox', pageQuery(page), {
        schema: contactInboxResponseSchema,
        signal,
      });
      return { ...answer, total: answer.total ?? answer.messages.length };
    },
    placeholderData: keepPreviousData,
  });
}
export const useContactInbox = (page: number) => useQuery(contactInboxQueryOptions(page));

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONTACT_INBOX_KEY }),
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
