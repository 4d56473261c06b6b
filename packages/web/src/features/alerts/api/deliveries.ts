import { deliveriesResponseSchema } from '@app/shared/api/alerts';
import type { DeliveriesResponse, DeliveryStatus } from '@app/shared/api/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';

export type DeliveriesState = Omit<DeliveriesResponse, 'status'>;

/** GET /alerts/admin/deliveries (admins): the latest deliveries, optionally of one status. */
export async function fetchDeliveries(
  status: DeliveryStatus | undefined,
  signal?: AbortSignal,
): Promise<DeliveriesState> {
  const { status: _status, ...state } = await apiGet(
    '/alerts/admin/deliveries',
    status ? { status, limit: 100 } : { limit: 100 },
    { schema: deliveriesResponseSchema, signal },
  );
  return state;
}

export function deliveriesQueryOptions(status: DeliveryStatus | undefined) {
  return queryOptions({
    queryKey: ['alerts', 'deliveries', status ?? 'all'] as const,
    queryFn: ({ signal }) => fetchDeliveries(status, signal),
  });
}

export function useDeliveries(status: DeliveryStatus | undefined) {
  return useQuery(deliveriesQueryOptions(status));
}
