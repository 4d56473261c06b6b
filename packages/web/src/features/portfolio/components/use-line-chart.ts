import { ColorType, createChart, LineSeries } from 'lightweight-charts';
import type { IChartApi, ISeriesApi, LineData } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { DARK_PALETTE, LIGHT_PALETTE } from '../../market';

export interface LineSpec {
  title: string;
  /** Light and dark colour of the line. */
  color: { light: string; dark: string };
  points: LineData[];
  /** Axis and crosshair label of a value. */
  format: (value: number) => string;
}

/**
 * Line series in `container` (lightweight-charts, as the price chart): created on mount, sized
 * with the container, recoloured with the colour scheme, given new points as they load.
 */
export function useLineChart(
  container: RefObject<HTMLDivElement | null>,
  lines: readonly LineSpec[],
  dark: boolean,
): void {
  const chart = useRef<IChartApi | null>(null);
  const series = useRef<ISeriesApi<'Line'>[]>([]);
  const count = lines.length;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const created = createChart(element, {
      autoSize: true,
      timeScale: { fixLeftEdge: true, fixRightEdge: true },
    });
    chart.current = created;
    series.current = Array.from({ length: count }, () =>
      created.addSeries(LineSeries, { lineWidth: 2, priceLineVisible: false }),
    );
    return () => {
      chart.current = null;
      series.current = [];
      created.remove();
    };
  }, [container, count]);

  useEffect(() => {
    const current = chart.current;
    if (!current) return;
    const palette = dark ? DARK_PALETTE : LIGHT_PALETTE;
    current.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: palette.text,
      },
      grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
      rightPriceScale: { borderColor: palette.border },
      timeScale: { borderColor: palette.border },
    });
    lines.forEach((line, index) => {
      const target = series.current[index];
      if (!target) return;
      target.applyOptions({
        title: line.title,
        color: dark ? line.color.dark : line.color.light,
        priceFormat: { type: 'custom', formatter: line.format, minMove: 0.01 },
      });
      target.setData(line.points);
    });
    current.timeScale().fitContent();
  }, [lines, dark]);
}
