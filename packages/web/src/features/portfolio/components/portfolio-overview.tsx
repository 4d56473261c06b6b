import { Alert, Skeleton, Stack } from '@mantine/core';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { isEmptySnapshot, usePortfolioSnapshot } from '../api/snapshot';
import { HoldingsTable } from './holdings-table';
import { PortfolioEmpty } from './portfolio-empty';
import { PortfolioSummaryCard } from './summary-card';

/** The dashboard's portfolio part: the summary and the holdings, or how to start one. */
export function PortfolioOverview() {
  const snapshot = usePortfolioSnapshot();
  useFailureToast(snapshot.error, 'Your portfolio could not be loaded');
  if (snapshot.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label="Loading your portfolio">
        <Skeleton height={150} radius="lg" />
        <Skeleton height={200} radius="lg" />
      </Stack>
    );
  }
  if (snapshot.isError) {
    return (
      <Alert color="red" title="Your portfolio could not be loaded">
        {snapshot.error.message}
      </Alert>
    );
  }
  if (isEmptySnapshot(snapshot.data)) return <PortfolioEmpty />;
  return (
    <Stack gap="lg">
      <PortfolioSummaryCard snapshot={snapshot.data} />
      <HoldingsTable holdings={snapshot.data.holdings} />
    </Stack>
  );
}
