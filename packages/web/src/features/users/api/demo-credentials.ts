import { successResponse } from '@app/shared/api/envelope';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiGet } from '../../../lib/api-client';
import { SESSION_INDEPENDENT } from './logout';

/** GET /user/demo answers demo credentials, or null when the server has no demo account. */
const demoResponseSchema = successResponse({
  demo: z.object({ username: z.string(), password: z.string() }).nullable(),
});
export type DemoCredentials = NonNullable<z.infer<typeof demoResponseSchema>['demo']>;

export async function fetchDemoCredentials(signal?: AbortSignal): Promise<DemoCredentials | null> {
  // Optional: a failure only means no demo box, so no toast.
  const response = await apiGet('/user/demo', undefined, {
    schema: demoResponseSchema,
    signal,
    notifyNetworkError: false,
  });
  return response.demo;
}

export function demoCredentialsQueryOptions() {
  return queryOptions({
    queryKey: ['demo-credentials'] as const,
    queryFn: ({ signal }) => fetchDemoCredentials(signal),
    staleTime: 10 * 60_000,
    retry: false,
    meta: SESSION_INDEPENDENT,
  });
}

export function useDemoCredentials() {
  return useQuery(demoCredentialsQueryOptions());
}
