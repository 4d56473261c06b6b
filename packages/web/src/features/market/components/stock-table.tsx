import { Alert, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import type { Financials, PeriodChange } from '@app/shared/api/market';
import { formatPrice, NOT_AVAILABLE } from '@app/shared/display/format';
import { useFinancials } from '../api/financials';
import { ChangeArrowIcon, ChangeText } from './change-display';
import { DemoDataBadge } from './demo-data-badge';
import classes from './market-table.module.css';
import { useFailureToast } from './use-failure-toast';

function PeriodCell({
  period,
  currency,
}: {
  period: PeriodChange | null | undefined;
  currency: string;
}) {
  if (!period) return <Table.Td className={classes.number}>{NOT_AVAILABLE}</Table.Td>;
  return (
    <Table.Td className={classes.number}>
      <ChangeText value={period.change_pct} format="percent" />
      <Text size="xs" c="dimmed">
        from {formatPrice(period.close, currency)}
      </Text>
    </Table.Td>
  );
}

function StockRow({ quote }: { quote: Financials }) {
  const { currency } = quote;
  return (
    <Table.Tr>
      <Table.Td className={classes.number}>{formatPrice(quote.price, currency)}</Table.Td>
      <Table.Td className={classes.number}>
        <ChangeText value={quote.change} format="change" colorBy={quote.change_pct} />
      </Table.Td>
      <Table.Td className={classes.number}>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ChangeArrowIcon pct={quote.change_pct} />
          <ChangeText value={quote.change_pct} format="percent" />
        </Group>
      </Table.Td>
      <Table.Td className={classes.number}>
        {formatPrice(quote.day_low, currency)} – {formatPrice(quote.day_high, currency)}
      </Table.Td>
      <PeriodCell period={quote.days_31} currency={currency} />
      <PeriodCell period={quote.days_365} currency={currency} />
    </Table.Tr>
  );
}

/**
 * Spec §2/§4 stock table: price, change against the previous close, day range, and the month
 * (31 days) and year (365 days) changes; refreshed in place every 30 s.
 */
export function StockTable({ symbol }: { symbol: string }) {
  const quote = useFinancials(symbol, { withPeriods: true });
  useFailureToast(quote.error, 'Prices could not be loaded');
  const data = quote.data;

  return (
    <Card
      withBorder
      radius="lg"
      padding="lg"
      className={classes.card}
      component="section"
      aria-labelledby="stock-table"
    >
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id="stock-table">
            Prices
          </Title>
          {data && <DemoDataBadge source={data.source} size="xs" />}
        </Group>
        {data && (
          <Text size="xs" c="dimmed">
            Updated {new Date(data.updated_at * 1000).toLocaleTimeString()}
          </Text>
        )}
      </Group>
      {quote.isPending && <Skeleton height={72} radius="md" />}
      {quote.isError && data === undefined && <Alert color="red">{quote.error.message}</Alert>}
      {data === null && (
        <Text c="dimmed" size="sm">
          No price data is available for {symbol}.
        </Text>
      )}
      {data && (
        <Table.ScrollContainer minWidth={640}>
          <Table className={classes.table} verticalSpacing="xs" aria-label={`Prices of ${symbol}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th className={classes.number}>Price</Table.Th>
                <Table.Th className={classes.number}>Change</Table.Th>
                <Table.Th className={classes.number}>Change %</Table.Th>
                <Table.Th className={classes.number}>Day range</Table.Th>
                <Table.Th className={classes.number}>Month (31 d)</Table.Th>
                <Table.Th className={classes.number}>Year (365 d)</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <StockRow quote={data} />
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Text size="xs" c="dimmed" mt={6}>
        Change against the previous close{data ? `, in ${data.currency}` : ''}.
      </Text>
    </Card>
  );
}
