import { adminPaymentsResponseSchema } from '@app/shared/api/billing';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_PAYMENTS_QUERY_KEY } from './billing-query-keys';

export type AdminPayments = Omit<z.infer<typeof adminPaymentsResponseSchema>, 'status'>;

/** GET /payment/admin/overview (admins): subscriptions, webhook events, ledger, feedback. */
export async function fetchAdminPayments(signal?: AbortSignal): Promise<AdminPayments> {
  const { status: _status, ...overview } = await apiGet('/payment/admin/overview', undefined, {
    schema: adminPaymentsResponseSchema,
    signal,
  });
  return overview;
}

export function useAdminPayments() {
  return useQuery({
    queryKey: ADMIN_PAYMENTS_QUERY_KEY,
    queryFn: ({ signal }) => fetchAdminPayments(signal),
  });
}
