import { queueStateResponseSchema } from '@app/shared/api/prompts';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { QUEUE_STATE_QUERY_KEY } from './prompt-query-keys';

/** Spec §9: the admin panel's services queue refreshes every 5000 ms. */
export const QUEUE_STATE_POLL_MS = 5_000;

/** GET /prompts/state (admins): the waiting (`priority`) and running (`process`) prompts. */
export async function fetchQueueState(signal?: AbortSignal) {
  const { priority, process } = await apiGet('/prompts/state', undefined, {
    schema: queueStateResponseSchema,
    signal,
  });
  return { priority, process };
}

export function useQueueState() {
  return useQuery({
    queryKey: QUEUE_STATE_QUERY_KEY,
    queryFn: ({ signal }) => fetchQueueState(signal),
    refetchInterval: QUEUE_STATE_POLL_MS,
  });
}
