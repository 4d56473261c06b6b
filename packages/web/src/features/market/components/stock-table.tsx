import { timeAgo } from '@app/shared/display/timeago';
import { formatDateTime, formatTime } from '@app/shared/display/dates';
import { Alert, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import type { Financials, PeriodChange } from '@app/shared/api/market';
import { formatPrice, NOT_AVAILABLE } from '@app/shared/display/format';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { useFinancials } from '../api/financials';
import { ChangeArrowIcon, ChangeText } from '../../../components/change-display';
import { DemoDataBadge } from './demo-data-badge';
import classes from './stock-table.module.css';
import tableClasses from './market-table.module.css';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useDisplayClock } from '../../../lib/hydration';
import { SectionCard } from '../../../components/section-card';

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.tile}>
      <dt className={classes.label}>{label}</dt>
      <dd className={classes.value}>{children}</dd>
    </div>
  );
}

function periodValue(period: PeriodChange | null | undefined, currency: string): ReactNode {
  if (!period) return NOT_AVAILABLE;
  return (
    <>
      <ChangeText value={period.change_pct} format="percent" />{' '}
      <span className={classes.note}>from {formatPrice(period.close, currency)}</span>
    </>
  );
}

function StockStats({ quote, symbol }: { quote: Financials; symbol: string }) {
  const { currency } = quote;
  return (
    <div role="group" aria-label={`Prices of ${symbol}`}>
      <SimpleGrid
        component="dl"
        cols={{ base: 2, sm: 3 }}
        spacing="xs"
        verticalSpacing="xs"
        className={classes.grid}
      >
        <Stat label="Price">{formatPrice(quote.price, currency)}</Stat>
        <Stat label="Change">
          <ChangeText value={quote.change} format="change" colorBy={quote.change_pct} />
        </Stat>
        <Stat label="Change %">
          <Group gap={4} wrap="nowrap" component="span">
            <ChangeArrowIcon pct={quote.change_pct} />
            <ChangeText value={quote.change_pct} format="percent" />
          </Group>
        </Stat>
        <Stat label="Day range">
          {formatPrice(quote.day_low, currency)} – {formatPrice(quote.day_high, currency)}
        </Stat>
        <Stat label="Month (31 days)">{periodValue(quote.days_31, currency)}</Stat>
        <Stat label="Year (365 days)">{periodValue(quote.days_365, currency)}</Stat>
      </SimpleGrid>
    </div>
  );
}

/** A value's place while the quote loads: typical text, hidden, so it wraps as the value will. */
function Placeholder({ text }: { text: string }) {
  return (
    <Skeleton radius="sm" className={classes.placeholder}>
      <span>{text}</span>
    </Skeleton>
  );
}

/**
 * The tiles with their labels and placeholders, the size of the loaded ones (a fixed
 * 120 px box grew to three rows of tiles on a phone and pushed the page down).
 */
function StockStatsSkeleton() {
  const period = <Placeholder text="+00.00% from $000.00" />;
  return (
    <div role="status" aria-label="Loading the prices">
      <SimpleGrid
        component="dl"
        cols={{ base: 2, sm: 3 }}
        spacing="xs"
        verticalSpacing="xs"
        className={classes.grid}
      >
        <Stat label="Price">
          <Placeholder text="$000.00" />
        </Stat>
        <Stat label="Change">
          <Placeholder text="+0.00" />
        </Stat>
        <Stat label="Change %">
          <Placeholder text="↑ +0.00%" />
        </Stat>
        <Stat label="Day range">
          <Placeholder text="$000.00 – $000.00" />
        </Stat>
        <Stat label="Month (31 days)">{period}</Stat>
        <Stat label="Year (365 days)">{period}</Stat>
      </SimpleGrid>
    </div>
  );
}

/**
 * Spec §2/§4 stock table: price, change against the previous close, day range, and the month
 * (31 days) and year (365 days) changes; refreshed in place every 30 s.
 */
/** Older than this, a snapshot is called out: the price source has not answered lately. */
export const STALE_AFTER_SECONDS = 300;

/**
 * When the server fetched the prices; a snapshot that was already old when it reached us (the
 * price source failing) says how old, in orange.
 */
function SnapshotAge({ updatedAt, receivedAt }: { updatedAt: number; receivedAt: number }) {
  // The server's zone while its first screen is hydrated (lib/hydration.ts).
  const { timeZone } = useDisplayClock();
  const stale = receivedAt / 1000 - updatedAt > STALE_AFTER_SECONDS;
  if (stale) {
    return (
      <Text size="xs" c="orange" title={formatDateTime(updatedAt, timeZone)}>
        Last updated {timeAgo(updatedAt, new Date(receivedAt))}
      </Text>
    );
  }
  return (
    <Text size="xs" c="dimmed">
      Updated {formatTime(updatedAt, timeZone, true)}
    </Text>
  );
}

export function StockTable({ symbol }: { symbol: string }) {
  const quote = useFinancials(symbol, { withPeriods: true });
  useFailureToast(quote.error, 'Prices could not be loaded');
  const data = quote.data;
  // Unique: a page may show several stock tables (the analyst summaries).
  const headingId = useId();

  return (
    <SectionCard labelledBy={headingId} className={tableClasses.card}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap="xs">
          <Title order={2} size="h4" id={headingId}>
            Prices
          </Title>
          {data && <DemoDataBadge source={data.source} size="xs" />}
        </Group>
        {data && <SnapshotAge updatedAt={data.updated_at} receivedAt={quote.dataUpdatedAt} />}
      </Group>
      {quote.isPending && <StockStatsSkeleton />}
      {quote.isError && data === undefined && <Alert color="red">{quote.error.message}</Alert>}
      {data === null && (
        <Text c="dimmed" size="sm">
          No price data is available for {symbol}.
        </Text>
      )}
      {data && <StockStats quote={data} symbol={symbol} />}
      <Text size="xs" c="dimmed" mt={6}>
        Change against the previous close{data ? `, in ${data.currency}` : ''}.
      </Text>
    </SectionCard>
  );
}
