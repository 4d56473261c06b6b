import { siteContactResponseSchema } from '@app/shared/api/site';
import type { SiteContact } from '@app/shared/api/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { CONTACT } from '../../../lib/site-config';

/** What the footer shows until the server's CONTACT_* settings arrive. */
export const DEFAULT_SITE_CONTACT: SiteContact = {
  email: CONTACT.email,
  phone: CONTACT.phone,
  addresses: [CONTACT.address],
};

/** GET /contact/details: the e-mail, phone and addresses the server is configured with. */
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

/** The site's contact details (the defaults while loading or when the call fails). */
export function useSiteContact(): SiteContact {
  const { data } = useQuery(siteContactQueryOptions);
  return data ?? DEFAULT_SITE_CONTACT;
}
