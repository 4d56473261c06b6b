import { Grid, Stack, Text, Title } from '@mantine/core';
import { TopGrowthTable } from '../components/top-growth-table';
import { WatchlistPanel } from '../components/watchlist-panel';

/** /dashboard (spec §2 trading home): Top Growth Today and Week above the watchlist panel. */
export function DashboardPage() {
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Text c="dimmed" size="sm">
          Today’s and this week’s strongest movers, and the companies you watch.
        </Text>
      </div>
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
