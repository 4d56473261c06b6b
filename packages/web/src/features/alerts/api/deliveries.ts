import { DELIVERIES_PAGE_SIZE, deliveriesResponseSchema } from '@app/shared/api/alerts';
import type { DeliveriesResponse, DeliveryStatus } from '@app/shared/api/alerts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export type DeliveriesState = Omit<DeliveriesResponse, 'status'>;

/**
 * GET /alerts/admin/deliveries?skip&limit (admins): a page of the latest deliveries
 * (`DELIVERIES_PAGE_SIZE`, 1-based `page`), optionally of one status, and the counts per status.
 */
export async function fetchDeliveries(
  status: DeliveryStatus | undefined,
  page: number,
  signal?: AbortSignal,
): Promise<DeliveriesState> {
  const paging = { skip: (page - 1) * DELIVERIES_PAGE_SIZE, limit: DELIVERIES_PAGE_SIZE };
  const { status: _status, ...state } = await apiGet(
    '/alerts/admin/deliveries',
    status ? { status, ...paging } : paging,
    { schema: deliveriesResponseSchema, signal },
  );
  return state;
}

export function deliveriesQueryOptions(status: DeliveryStatus | undefined, page = 1) {
  return queryOptions({
    queryKey: ['alerts', 'deliveries', status ?? 'all', page] as const,
    queryFn: ({ signal }) => fetchDeliveries(status, page, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDeliveries(status: DeliveryStatus | undefined, page = 1) {
  return useQuery(deliveriesQueryOptions(status, page));
}
