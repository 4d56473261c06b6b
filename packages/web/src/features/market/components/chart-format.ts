import type { PricePoint } from '@app/shared/api/market';
import { formatPrice, formatVolume } from '@app/shared/display/format';
import type { CandlestickData, HistogramData, UTCTimestamp } from 'lightweight-charts';

/** Spec §9: the chart is 450 px high with a 100 px volume pane under it. */
export const CHART_HEIGHT = 450;
export const VOLUME_PANE_HEIGHT = 100;

/** Price-axis and crosshair label of the candles: dollar prefix, 2 decimals ('$1,234.50'). */
export function formatChartPrice(price: number): string {
  return formatPrice(price, 'USD');
}

/** Volume-axis label (spec §9 K/M/B labels): 950 → '950', 1 234 567 → '1.23M'. */
export function formatVolumeLabel(volume: number): string {
  return formatVolume(volume);
}

export interface ChartPalette {
  up: string;
  down: string;
  upVolume: string;
  downVolume: string;
  text: string;
  grid: string;
  border: string;
}

export const LIGHT_PALETTE: ChartPalette = {
  up: '#0f9d58',
  down: '#d93025',
  upVolume: 'rgba(15, 157, 88, 0.45)',
  downVolume: 'rgba(217, 48, 37, 0.45)',
  text: '#3a4457',
  grid: 'rgba(58, 68, 87, 0.08)',
  border: 'rgba(58, 68, 87, 0.2)',
};

export const DARK_PALETTE: ChartPalette = {
  up: '#34c77b',
  down: '#ff6b5e',
  upVolume: 'rgba(52, 199, 123, 0.4)',
  downVolume: 'rgba(255, 107, 94, 0.4)',
  text: '#b4bece',
  grid: 'rgba(180, 190, 206, 0.08)',
  border: 'rgba(180, 190, 206, 0.2)',
};

/** Daily bars as candles (time in epoch seconds of the trading day). */
export function toCandles(points: readonly PricePoint[]): CandlestickData<UTCTimestamp>[] {
  return points.map((point) => ({
    time: point.creation_date as UTCTimestamp,
    open: point.open,
    high: point.high,
    low: point.low,
    close: point.close,
  }));
}

/** Daily volumes coloured by the direction of their day. */
export function toVolumeBars(
  points: readonly PricePoint[],
  palette: ChartPalette,
): HistogramData<UTCTimestamp>[] {
  return points.map((point) => ({
    time: point.creation_date as UTCTimestamp,
    value: point.volume,
    color: point.close >= point.open ? palette.upVolume : palette.downVolume,
  }));
}
