import { Alert, Anchor, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import type { Ticker } from '@app/shared/api/market';
import { formatPrice } from '@app/shared/display/format';
import { Link } from '../../../components/link';
import { useEffect } from 'react';
import { TOP_GROWTH_ROWS, useMarketWarmingUp, useTopGrowth } from '../api/ticker-query';
import type { TopGrowthPeriod } from '../api/ticker-query';
import { ChangeArrowIcon, ChangeText } from '../../../components/change-display';
import { DemoDataBadge } from './demo-data-badge';
import classes from './market-table.module.css';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';
import { tickerPath } from '../../../lib/ticker-path';
import { TableHead } from '../../../components/table-head';

const PERIODS: Record<TopGrowthPeriod, { title: string; column: string }> = {
  change_pct_1: { title: 'Top Growth Today', column: 'Day' },
  change_pct_8: { title: 'Top Growth Week', column: 'Week' },
};

function TopGrowthRow({ ticker, period }: { ticker: Ticker; period: TopGrowthPeriod }) {
  const growth = ticker[period];
  return (
    <Table.Tr>
      <Table.Td className={classes.identity}>
        <Anchor component={Link} to={tickerPath(ticker.exchange_ticker)} className={classes.symbol}>
          {ticker.exchange_ticker}
        </Anchor>
        <span className={classes.company} title={ticker.company_name}>
          {ticker.company_name}
        </span>
      </Table.Td>
      <Table.Td className={classes.number}>{formatPrice(ticker.price, ticker.currency)}</Table.Td>
      <Table.Td className={classes.number}>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {growth !== null && (
            <span className={classes.wideOnly}>
              <ChangeArrowIcon pct={growth} />
            </span>
          )}
          <ChangeText value={growth} format="percent" />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Spec §2 trading home / §9: the five companies that grew most today (`change_pct_1`) or this week
 * (`change_pct_8`) among those priced at least 0.1 and not down over the month and year.
 */
export function TopGrowthTable({ period }: { period: TopGrowthPeriod }) {
  const { title, column } = PERIODS[period];
  const { data: tickers, isPending, isError, error, refetch } = useTopGrowth(period);
  useFailureToast(error, title);
  const empty = tickers?.length === 0;
  // A short table may mean a fresh start is still loading the market: ask, and follow it.
  const short = tickers !== undefined && tickers.length < TOP_GROWTH_ROWS;
  const { data: warming } = useMarketWarmingUp(short);
  const warmingUp = short && warming === true;
  // The market has loaded: rank it again at once rather than at the next minute.
  useEffect(() => {
    if (short && warming === false) void refetch();
  }, [short, warming, refetch]);
  const titleId = `top-growth-${period}`;
  const demo = tickers?.some((ticker) => ticker.source === 'demo') ?? false;

  return (
    <SectionCard labelledBy={titleId} className={classes.card}>
      <SectionCardHeader id={titleId} title={title} mb="sm" gap="xs">
        {demo && <DemoDataBadge size="xs" />}
      </SectionCardHeader>
      {isPending && <Skeleton height={190} radius="md" />}
      {isError && !tickers && <Alert color="red">{error.message}</Alert>}
      {empty && warmingUp && (
        <Stack gap="xs" role="status" aria-live="polite">
          <Skeleton height={150} radius="md" animate />
          <Text c="dimmed" size="sm" ta="center">
            Loading the market&apos;s prices: a fresh start fetches every company&apos;s history
            first. The first rows arrive within seconds.
          </Text>
        </Stack>
      )}
      {empty && warming === false && (
        <Text c="dimmed" size="sm" py="md" ta="center">
          No company matches the growth filters right now.
        </Text>
      )}
      {tickers && tickers.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table
            className={classes.table}
            verticalSpacing={6}
            horizontalSpacing="xs"
            highlightOnHover
          >
            <TableHead
              columns={[
                'Company',
                { label: 'Price', className: classes.number },
                { label: column, className: classes.number },
              ]}
            />
            <Table.Tbody>
              {tickers.slice(0, TOP_GROWTH_ROWS).map((ticker) => (
                <TopGrowthRow key={ticker.exchange_ticker} ticker={ticker} period={period} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!empty && warmingUp && (
        <Text c="dimmed" size="xs" mt="xs" role="status" aria-live="polite">
          Still loading the market&apos;s price history: the ranking fills in as it arrives.
        </Text>
      )}
    </SectionCard>
  );
}
