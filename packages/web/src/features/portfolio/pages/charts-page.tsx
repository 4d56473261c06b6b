import '@mantine/charts/styles.css';
import {
  Alert,
  Group,
  Loader,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PerformanceRange } from '@app/shared/api/portfolio';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { ChangeText } from '../../../components/change-display';
import { SectionCard } from '../../../components/section-card';
import { isEmptySnapshot, usePortfolioSnapshot } from '../api/snapshot';
import { AllocationDonut } from '../components/allocation-donut';
import { ContributionBars } from '../components/contribution-bars';
import { PageHeader } from '../components/page-header';
import { PortfolioEmpty } from '../components/portfolio-empty';
import classes from '../components/portfolio.module.css';
import { RANGE_LABELS } from '../components/summary-card';
import { PerformanceChart, ValueChart } from '../components/value-chart';

const CHART_RANGES = ['1M', 'YTD', '1Y', 'MAX'] as const satisfies readonly PerformanceRange[];
type ChartRange = (typeof CHART_RANGES)[number];

function isChartRange(value: string): value is ChartRange {
  return (CHART_RANGES as readonly string[]).includes(value);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <SectionCard labelledBy={id} className={classes.card}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </SectionCard>
  );
}

/**
 * /dashboard/charts (spec §2; guard 'user'): the portfolio against the benchmark over 1M, YTD,
 * 1Y or Max (lightweight-charts lines, as the price chart), its value against the money invested,
 * the allocation by sector (donut) and each position's contribution to the return (bar lists).
 */
export function ChartsPage() {
  const [range, setRange] = useState<ChartRange>('1Y');
  const snapshot = usePortfolioSnapshot({ range });
  useFailureToast(snapshot.error, 'Your portfolio could not be loaded');
  const data = snapshot.data;
  const returns = data?.returns.find((row) => row.range === range);
  const rangeLabel = RANGE_LABELS[range];

  return (
    <Stack gap="lg">
      <PageHeader title="Portfolio charts">
        Your portfolio against the benchmark, where your money sits and what moved it.
      </PageHeader>
      {snapshot.isPending && (
        <Stack gap="lg" role="status" aria-label="Loading your portfolio">
          <Skeleton height={360} radius="lg" />
          <Skeleton height={240} radius="lg" />
        </Stack>
      )}
      {snapshot.isError && !data && (
        <Alert color="red" title="Your portfolio could not be loaded">
          {snapshot.error.message}
        </Alert>
      )}
      {data && isEmptySnapshot(data) && <PortfolioEmpty />}
      {data && !isEmptySnapshot(data) && (
        <>
          <Group justify="space-between" gap="xs">
            <SegmentedControl
              className={classes.ranges}
              value={range}
              onChange={(value) => {
                if (isChartRange(value)) setRange(value);
              }}
              data={CHART_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }))}
              aria-label="Chart range"
            />
            {snapshot.isFetching && <Loader size="xs" aria-label="Loading the range" />}
          </Group>
          <Section title="Performance against the benchmark">
            <Group gap="lg" mb="sm" wrap="wrap">
              <Text size="sm" component="div" role="group" aria-label="Portfolio return">
                Portfolio (time-weighted){' '}
                <ChangeText value={returns?.twr_pct ?? null} format="percent" />
              </Text>
              <Text size="sm" component="div" role="group" aria-label="Benchmark return">
                {data.benchmark.name}{' '}
                <ChangeText value={returns?.benchmark_pct ?? null} format="percent" />
              </Text>
            </Group>
            {data.series.length === 0 ? (
              <Text c="dimmed" size="sm">
                No values for this range yet.
              </Text>
            ) : (
              <PerformanceChart
                series={data.series}
                benchmarkName={data.benchmark.name}
                rangeLabel={rangeLabel}
              />
            )}
          </Section>
          <Section title="Value">
            {data.series.length === 0 ? (
              <Text c="dimmed" size="sm">
                No values for this range yet.
              </Text>
            ) : (
              <ValueChart series={data.series} currency={data.currency} rangeLabel={rangeLabel} />
            )}
          </Section>
          <Section title="Allocation by sector">
            <AllocationDonut slices={data.allocation.sector} currency={data.currency} />
          </Section>
          <Section title="Contribution to return">
            <ContributionBars holdings={[...data.holdings, ...data.closed]} />
          </Section>
        </>
      )}
    </Stack>
  );
}
