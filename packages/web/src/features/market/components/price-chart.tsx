import { Alert, Group, Loader, SegmentedControl, Text, Title, VisuallyHidden } from '@mantine/core';
import { HISTORY_RANGES } from '@app/shared/api/market-constants';
import type { HistoryRange } from '@app/shared/api/market';
import { useId, useRef, useState } from 'react';
import { DEFAULT_HISTORY_RANGE, usePriceHistory } from '../api/price-history';
import { DemoDataBadge } from './demo-data-badge';
import classes from './price-chart.module.css';
import { useCandlestickChart } from './use-candlestick-chart';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { SectionCard } from '../../../components/section-card';
import { useComputedScheme } from '../../../lib/use-color-scheme';

const RANGE_LABELS: Record<HistoryRange, string> = {
  '1m': '1M',
  '3m': '3M',
  '6m': '6M',
  ytd: 'YTD',
  '1y': '1Y',
  '5y': '5Y',
  '10y': '10Y',
  max: 'Max',
};

function isHistoryRange(value: string): value is HistoryRange {
  return (HISTORY_RANGES as readonly string[]).includes(value);
}

/**
 * Spec §2/§9 company chart: daily candles with a volume pane, a range selector, dollar prices,
 * K/M/B volumes, and a dark theme when the colour scheme is dark.
 */
export function PriceChart({ symbol }: { symbol: string }) {
  const [range, setRange] = useState<HistoryRange>(DEFAULT_HISTORY_RANGE);
  const history = usePriceHistory(symbol, range);
  useFailureToast(history.error, 'Price history could not be loaded');
  const dark = useComputedScheme() === 'dark';
  const container = useRef<HTMLDivElement>(null);
  useCandlestickChart(container, history.data?.results, dark);
  const empty = history.data?.results.length === 0;
  // Unique: a page may show several charts (the analyst summaries).
  const headingId = useId();

  return (
    <SectionCard labelledBy={headingId}>
      <Group justify="space-between" mb="sm" gap="xs" className={classes.header}>
        <Group gap="xs">
          <Title order={2} size="h4" id={headingId}>
            Chart
          </Title>
          <DemoDataBadge source={history.data?.source ?? null} size="xs" />
          {history.isFetching && <Loader size="xs" aria-label="Loading prices" />}
        </Group>
        <SegmentedControl
          className={classes.ranges}
          size="xs"
          value={range}
          onChange={(value) => {
            if (isHistoryRange(value)) setRange(value);
          }}
          data={HISTORY_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
          aria-label="Chart range"
        />
      </Group>
      {history.isError && !history.data && <Alert color="red">{history.error.message}</Alert>}
      {empty && (
        <Text c="dimmed" size="sm" ta="center" py="md">
          No price history for this range.
        </Text>
      )}
      {/* The chart draws a focusable attribution link, so its own box cannot be an image. */}
      <VisuallyHidden
        role="img"
        aria-label={`Daily candlestick chart of ${symbol} with volume, range ${RANGE_LABELS[range]}`}
      />
      <div
        ref={container}
        className={classes.chart}
        data-loading={history.isPlaceholderData || undefined}
      />
    </SectionCard>
  );
}
