import { outboxResponseSchema } from '@app/shared/api/users';
import type { z } from 'zod';
import type { outboxMessageSchema } from '@app/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-users';

export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

/** GET /user/admin/outbox: the latest e-mails the server sent (or logged, when offline). */
export async function fetchOutbox(signal?: AbortSignal): Promise<OutboxMessage[]> {
  const response = await apiGet('/user/admin/outbox', undefined, {
    schema: outboxResponseSchema,
    signal,
  });
  return response.messages;
}

export function outboxQueryOptions() {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'outbox'] as const,
    queryFn: ({ signal }) => fetchOutbox(signal),
  });
}

export function useOutbox() {
  return useQuery(outboxQueryOptions());
}
