import { subscriptionStatusResponseSchema } from '@app/shared/api/billing';
import type { SubscriptionState } from '@app/shared/api/billing';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { SUBSCRIPTION_STATUS_QUERY_KEY } from './billing-query-keys';

/** GET /payment/status (login): the user's plan as the verified payment events left it. */
export async function fetchSubscriptionStatus(signal?: AbortSignal): Promise<SubscriptionState> {
  const { subscription, subscription_status, entitled, current_period_end, cancel_at_period_end } =
    await apiGet('/payment/status', undefined, {
      schema: subscriptionStatusResponseSchema,
      signal,
    });
  return { subscription, subscription_status, entitled, current_period_end, cancel_at_period_end };
}

export interface SubscriptionStatusOptions {
  /** Off for visitors (no call). */
  enabled?: boolean;
  /** Refetch every this many ms while it returns false from `keepPolling`. */
  pollMs?: number;
  keepPolling?: (state: SubscriptionState | undefined) => boolean;
}

export function useSubscriptionStatus({
  enabled = true,
  pollMs,
  keepPolling,
}: SubscriptionStatusOptions = {}) {
  return useQuery({
    queryKey: SUBSCRIPTION_STATUS_QUERY_KEY,
    queryFn: ({ signal }) => fetchSubscriptionStatus(signal),
    enabled,
    refetchInterval:
      pollMs === undefined
        ? false
        : (query) => (keepPolling?.(query.state.data) === false ? false : pollMs),
  });
}
