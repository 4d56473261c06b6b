import { Group, Text, Title } from '@mantine/core';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { SectionCard } from '../../../components/section-card';
import { deferredComponent } from '../../../lib/deferred-component';
import classes from './price-chart.module.css';

interface PriceChartProps {
  symbol: string;
}

/** The chart's card, its heading and its height while the chart's code loads. */
function PriceChartFrame({ children }: { children?: ReactNode }) {
  const headingId = useId();
  return (
    <SectionCard labelledBy={headingId}>
      <Group justify="space-between" mb="sm" gap="xs" className={classes.header}>
        <Title order={2} size="h4" id={headingId}>
          Chart
        </Title>
      </Group>
      {children ?? <div className={classes.chart} />}
    </SectionCard>
  );
}

function PriceChartUnavailable() {
  return (
    <PriceChartFrame>
      <Text c="dimmed" size="sm" ta="center" py="md">
        The chart could not be loaded. Reload the page to try again.
      </Text>
    </PriceChartFrame>
  );
}

/**
 * The price chart (spec §2/§9) is not part of the company page's first load
 * (lib/deferred-component.tsx): its range selector and candlestick code arrive after the first
 * paint (the chart library itself loads when the chart is in view). Its styles come with this
 * module, so the server's markup keeps its size until then.
 */
export const { Component: PriceChart } = deferredComponent<PriceChartProps>(
  () => import('./price-chart').then((module) => module.PriceChart),
  { fallback: () => <PriceChartFrame />, unavailable: PriceChartUnavailable },
);
