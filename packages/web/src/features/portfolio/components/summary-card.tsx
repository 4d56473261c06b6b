import { Badge, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { COST_METHOD_LABEL, PERFORMANCE_RANGES } from '@app/shared/api/portfolio';
import type { PerformanceRange, PortfolioSnapshot } from '@app/shared/api/portfolio';
import { formatPercent, formatPrice } from '@app/shared/display/format';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { ChangeText, changeClass } from '../../../components/change-display';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';
import { formatSignedMoney } from './portfolio-format';
import classes from './portfolio.module.css';

export const RANGE_LABELS: Record<PerformanceRange, string> = {
  '1D': '1D',
  '1W': '1W',
  '1M': '1M',
  YTD: 'YTD',
  '1Y': '1Y',
  MAX: 'Max',
};

export function isPerformanceRange(value: string): value is PerformanceRange {
  return (PERFORMANCE_RANGES as readonly string[]).includes(value);
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="group" aria-label={label}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" className={classes.figure} component="div">
        {children}
      </Text>
    </div>
  );
}

/** Money and percent of one move, both coloured by its direction (spec §9 change display). */
function SignedFigure({
  money,
  pct,
  currency,
}: {
  money: number;
  pct: number | null;
  currency: string;
}) {
  return (
    <Group gap={6} wrap="wrap" align="baseline">
      <span className={changeClass(money)}>{formatSignedMoney(money, currency)}</span>
      {pct !== null && (
        <Text size="sm" component="span">
          <ChangeText value={pct} format="percent" colorBy={money} />
        </Text>
      )}
    </Group>
  );
}

/**
 * The portfolio at a glance: value, day change, total return, P&L and dividends, and the
 * time-weighted return of a chosen range beside the benchmark's. States the cost method.
 */
export function PortfolioSummaryCard({ snapshot }: { snapshot: PortfolioSnapshot }) {
  const [range, setRange] = useState<PerformanceRange>('1Y');
  const { summary, currency } = snapshot;
  const returns = snapshot.returns.find((row) => row.range === range);
  const titleId = useId();
  const percent = (value: number | null | undefined) =>
    value === null || value === undefined ? 'n/a' : formatPercent(value);
  return (
    <SectionCard labelledBy={titleId} className={classes.card}>
      <Stack gap="md">
        <SectionCardHeader id={titleId} title="Portfolio" gap="xs">
          <Badge variant="light" color="gray" radius="sm">
            Cost method: {COST_METHOD_LABEL}
          </Badge>
        </SectionCardHeader>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md" verticalSpacing="sm">
          <Figure label="Value">{formatPrice(summary.market_value, currency)}</Figure>
          <Figure label="Day change">
            <SignedFigure
              money={summary.day_change}
              pct={summary.day_change_pct}
              currency={currency}
            />
          </Figure>
          <Figure label="Total return">
            <SignedFigure
              money={summary.total_return}
              pct={summary.total_return_pct}
              currency={currency}
            />
          </Figure>
          <Figure label="Unrealised P&L">
            <span className={changeClass(summary.unrealized_pnl)}>
              {formatSignedMoney(summary.unrealized_pnl, currency)}
            </span>
          </Figure>
          <Figure label="Realised P&L">
            <span className={changeClass(summary.realized_pnl)}>
              {formatSignedMoney(summary.realized_pnl, currency)}
            </span>
          </Figure>
          <Figure label="Dividends">{formatPrice(summary.dividends, currency)}</Figure>
        </SimpleGrid>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" fw={600}>
              Performance
            </Text>
            <SegmentedControl
              size="xs"
              className={classes.ranges}
              value={range}
              onChange={(value) => {
                if (isPerformanceRange(value)) setRange(value);
              }}
              data={PERFORMANCE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
              aria-label="Performance range"
            />
          </Group>
          <Group gap="lg" wrap="wrap" aria-live="polite">
            <Text size="sm" component="div" role="group" aria-label="Time-weighted return">
              Time-weighted return <ChangeText value={returns?.twr_pct ?? null} format="percent" />
            </Text>
            <Text size="sm" component="div" role="group" aria-label="Benchmark return">
              {snapshot.benchmark.name}{' '}
              <ChangeText value={returns?.benchmark_pct ?? null} format="percent" />
            </Text>
            <Text size="sm" c="dimmed" component="div">
              Money-weighted (XIRR) {percent(returns?.mwr_pct)}
            </Text>
          </Group>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
