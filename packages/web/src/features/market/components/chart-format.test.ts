import { describe, expect, it } from 'vitest';
import {
  formatChartPrice,
  formatVolumeLabel,
  LIGHT_PALETTE,
  toCandles,
  toVolumeBars,
} from './chart-format';

describe('chart formats', () => {
  it('labels volumes with K, M and B', () => {
    expect(formatVolumeLabel(950)).toBe('950');
    expect(formatVolumeLabel(12_300)).toBe('12.3K');
    expect(formatVolumeLabel(1_234_567)).toBe('1.23M');
    expect(formatVolumeLabel(4_560_000_000)).toBe('4.56B');
  });

  it('prefixes prices with a dollar sign and shows 2 decimals', () => {
    expect(formatChartPrice(1234.5)).toBe('$1,234.50');
    expect(formatChartPrice(0.1)).toBe('$0.10');
  });

  it('turns daily bars into candles and volumes coloured by the day', () => {
    const up = { creation_date: 1_700_000_000, open: 10, high: 12, low: 9, close: 11, volume: 5 };
    const down = { ...up, creation_date: 1_700_086_400, close: 9.5, volume: 7 };
    expect(toCandles([up])).toEqual([
      { time: 1_700_000_000, open: 10, high: 12, low: 9, close: 11 },
    ]);
    expect(toVolumeBars([up, down], LIGHT_PALETTE)).toEqual([
      { time: 1_700_000_000, value: 5, color: LIGHT_PALETTE.upVolume },
      { time: 1_700_086_400, value: 7, color: LIGHT_PALETTE.downVolume },
    ]);
  });
});
