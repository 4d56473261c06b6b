import { Alert, Skeleton } from '@mantine/core';

/**
 * What a panel shows of its query before the data: a placeholder while it loads, the failure in
 * red (a query's `error` is set exactly while it has failed).
 */
export function QueryStatus({ pending, error }: { pending: boolean; error: Error | null }) {
  if (pending) return <Skeleton height={120} radius="md" />;
  if (error) return <Alert color="red">{error.message}</Alert>;
  return null;
}
