import type { PricePoint } from '@app/shared/api/market';
import {
  CandlestickSeries,
  ColorType,
  createChart,
  CrosshairMode,
  HistogramSeries,
} from 'lightweight-charts';
import type { IChartApi, ISeriesApi } from 'lightweight-charts';
import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import {
  DARK_PALETTE,
  formatChartPrice,
  formatVolumeLabel,
  LIGHT_PALETTE,
  toCandles,
  toVolumeBars,
  VOLUME_PANE_HEIGHT,
} from './chart-format';
import type { ChartPalette } from './chart-format';

interface ChartParts {
  chart: IChartApi;
  candles: ISeriesApi<'Candlestick'>;
  volume: ISeriesApi<'Histogram'>;
}

function themeOptions(palette: ChartPalette) {
  return {
    layout: {
      background: { type: ColorType.Solid, color: 'transparent' },
      textColor: palette.text,
      panes: { separatorColor: palette.border },
    },
    grid: { vertLines: { color: palette.grid }, horzLines: { color: palette.grid } },
    rightPriceScale: { borderColor: palette.border },
    timeScale: { borderColor: palette.border },
  } as const;
}

/**
 * A candlestick chart with a volume pane in `container`: created on mount, sized with its
 * container (autoSize), recoloured when the colour scheme changes, removed on unmount.
 */
export function useCandlestickChart(
  container: RefObject<HTMLDivElement | null>,
  points: readonly PricePoint[] | undefined,
  dark: boolean,
): void {
  const parts = useRef<ChartParts | null>(null);
  const palette = dark ? DARK_PALETTE : LIGHT_PALETTE;

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const chart = createChart(element, {
      autoSize: true,
      crosshair: { mode: CrosshairMode.Normal },
      timeScale: { rightOffset: 2, fixLeftEdge: true },
    });
    const candles = chart.addSeries(CandlestickSeries, {
      borderVisible: false,
      priceFormat: { type: 'custom', formatter: formatChartPrice, minMove: 0.01 },
    });
    const volume = chart.addSeries(
      HistogramSeries,
      {
        priceFormat: { type: 'custom', formatter: formatVolumeLabel, minMove: 1 },
        priceLineVisible: false,
        lastValueVisible: false,
      },
      1,
    );
    chart.panes()[1]?.setHeight(VOLUME_PANE_HEIGHT);
    parts.current = { chart, candles, volume };
    return () => {
      parts.current = null;
      chart.remove();
    };
  }, [container]);

  useEffect(() => {
    const current = parts.current;
    if (!current) return;
    current.chart.applyOptions(themeOptions(palette));
    current.candles.applyOptions({
      upColor: palette.up,
      downColor: palette.down,
      wickUpColor: palette.up,
      wickDownColor: palette.down,
    });
  }, [palette]);

  useEffect(() => {
    const current = parts.current;
    if (!current || !points) return;
    current.candles.setData(toCandles(points));
    current.volume.setData(toVolumeBars(points, palette));
    current.chart.timeScale().fitContent();
  }, [points, palette]);
}
