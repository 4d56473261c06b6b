import { Text } from '@mantine/core';
import type { ValuePoint } from '@app/shared/api/portfolio';
import { formatPrice } from '@app/shared/display/format';
import { useMemo, useRef } from 'react';
import { useLineChart } from './use-line-chart';
import type { LineSpec } from './use-line-chart';
import classes from './portfolio.module.css';
import { useComputedScheme } from '../../../lib/use-color-scheme';

const PORTFOLIO_COLOR = { light: '#1c7ed6', dark: '#4dabf7' };
const BENCHMARK_COLOR = { light: '#868e96', dark: '#ced4da' };
const INVESTED_COLOR = { light: '#f08c00', dark: '#ffc078' };

const indexFormat = (value: number) => value.toFixed(2);

/** Performance: the portfolio's time-weighted index against the benchmark's, both 100 at the start. */
export function PerformanceChart({
  series,
  benchmarkName,
  rangeLabel,
}: {
  series: readonly ValuePoint[];
  benchmarkName: string;
  rangeLabel: string;
}) {
  const dark = useComputedScheme() === 'dark';
  const container = useRef<HTMLDivElement>(null);
  const lines = useMemo<LineSpec[]>(
    () => [
      {
        title: 'Portfolio',
        color: PORTFOLIO_COLOR,
        format: indexFormat,
        points: series.flatMap((point) =>
          point.twr_index === null ? [] : [{ time: point.date, value: point.twr_index }],
        ),
      },
      {
        title: benchmarkName,
        color: BENCHMARK_COLOR,
        format: indexFormat,
        points: series.flatMap((point) =>
          point.benchmark_index === null
            ? []
            : [{ time: point.date, value: point.benchmark_index }],
        ),
      },
    ],
    [series, benchmarkName],
  );
  useLineChart(container, lines, dark);
  return (
    <div
      ref={container}
      className={classes.chart}
      role="img"
      aria-label={`Portfolio time-weighted return against ${benchmarkName}, range ${rangeLabel}, 100 at the start`}
    />
  );
}

/** Value: what the portfolio was worth each day against the money put in. */
export function ValueChart({
  series,
  currency,
  rangeLabel,
}: {
  series: readonly ValuePoint[];
  currency: string;
  rangeLabel: string;
}) {
  const dark = useComputedScheme() === 'dark';
  const container = useRef<HTMLDivElement>(null);
  const lines = useMemo<LineSpec[]>(() => {
    const money = (value: number) => formatPrice(value, currency);
    return [
      {
        title: 'Value',
        color: PORTFOLIO_COLOR,
        format: money,
        points: series.map((point) => ({ time: point.date, value: point.value })),
      },
      {
        title: 'Invested',
        color: INVESTED_COLOR,
        format: money,
        points: series.map((point) => ({ time: point.date, value: point.net_invested })),
      },
    ];
  }, [series, currency]);
  useLineChart(container, lines, dark);
  return (
    <>
      <div
        ref={container}
        className={classes.chart}
        role="img"
        aria-label={`Portfolio value and money invested, range ${rangeLabel}`}
      />
      <Text size="xs" c="dimmed" mt={4}>
        Invested: money put in minus money taken out.
      </Text>
    </>
  );
}
