import { outboxMailResponseSchema, outboxResponseSchema } from '@app/shared/api/users';
import type { z } from 'zod';
import type { outboxMailSchema, outboxMessageSchema } from '@app/shared/api/users';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { ADMIN_QUERY_KEY } from './admin-users';

/** A mail of the outbox list (recipient, subject, date, delivery). */
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
/** One mail with its text. */
export type OutboxMail = z.infer<typeof outboxMailSchema>;

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

/** GET /user/admin/outbox/:id: one mail with its text (a mail never changes once kept). */
export async function fetchOutboxMail(id: string, signal?: AbortSignal): Promise<OutboxMail> {
  const response = await apiGet(`/user/admin/outbox/${encodeURIComponent(id)}`, undefined, {
    schema: outboxMailResponseSchema,
    signal,
  });
  return response.message;
}

export function outboxMailQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...ADMIN_QUERY_KEY, 'outbox', 'mail', id] as const,
    queryFn: ({ signal }) => fetchOutboxMail(id, signal),
    staleTime: Infinity,
  });
}

/** The text of the mail `id`, asked when its row is opened. */
export function useOutboxMail(id: string) {
  return useQuery(outboxMailQueryOptions(id));
}
