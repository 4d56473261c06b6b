import { Grid, Stack } from '@mantine/core';
import { TopGrowthTable, WatchlistPanel } from '../../market';
import { useStoredToken } from '../../../lib/use-stored-token';
import { HoldingsWeekCard } from '../../market-calendar';
import { PageHeader } from '../components/page-header';
import { PortfolioOverview } from '../components/portfolio-overview';

const MOVERS = 'Today’s and this week’s strongest movers, and the companies you watch.';

/**
 * /dashboard (spec §2 trading home): the user's portfolio (summary and holdings), this week's
 * dates of the holdings, Top Growth Today and Week, and the watchlist panel. It composes the market and portfolio features, so it
 * lives in the higher of the two.
 */
export function DashboardPage() {
  const loggedIn = useStoredToken() !== null;
  return (
    <Stack gap="lg">
      <PageHeader title="Dashboard" nav={loggedIn}>
        {loggedIn ? `Your portfolio, ${MOVERS.toLowerCase()}` : MOVERS}
      </PageHeader>
      {loggedIn && <PortfolioOverview />}
      {loggedIn && <HoldingsWeekCard />}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TopGrowthTable period="change_pct_1" />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <TopGrowthTable period="change_pct_8" />
        </Grid.Col>
      </Grid>
      <WatchlistPanel />
    </Stack>
  );
}
