import { siteContactResponseSchema } from '@app/shared/api/site';
import type { SiteContact } from '@app/shared/api/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

/** GET /contact/details: the e-mails, phone and addresses the server is configured with. */
export async function fetchSiteContact(signal?: AbortSignal): Promise<SiteContact> {
  const { contact } = await apiGet('/contact/details', undefined, {
    schema: siteContactResponseSchema,
    signal,
    notifyNetworkError: false,
  });
  return contact;
}

export const siteContactQueryOptions = queryOptions({
  queryKey: ['site', 'contact'] as const,
  queryFn: ({ signal }) => fetchSiteContact(signal),
  staleTime: 10 * 60_000,
});

/**
 * The site's contact details as the server's CONTACT_* settings give them; undefined while they
 * load or when the call fails. The bundle holds no address of its own: it would be wrong on every
 * installation but one.
 */
export function useSiteContact(): SiteContact | undefined {
  return useQuery(siteContactQueryOptions).data;
}
