import { describe, expect, it } from 'vitest';
import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import { exchangeDay, isoCurrency, mapChartBars } from './yahoo-mapping.ts';

const at = (iso: string) => new Date(iso);

/** A London chart as yahoo-finance2 returns it (after its own parsing), prices in pence. */
function londonChart(quotes: ChartResultArray['quotes']): ChartResultArray {
  const period = (start: string, end: string) => ({
    timezone: 'GMT',
    start: at(start),
    end: at(end),
    gmtoffset: 0,
  });
  return {
    meta: {
      currency: 'GBp',
      symbol: 'BARC.L',
      exchangeName: 'LSE',
      instrumentType: 'EQUITY',
      firstTradeDate: at('1988-01-04T08:00:00Z'),
      regularMarketTime: at('2026-11-20T16:35:00Z'),
      gmtoffset: 0,
      timezone: 'GMT',
      exchangeTimezoneName: 'Europe/London',
      regularMarketPrice: 389.45,
      priceHint: 2,
      currentTradingPeriod: {
        pre: period('2026-11-20T08:00:00Z', '2026-11-20T08:00:00Z'),
        regular: period('2026-11-20T08:00:00Z', '2026-11-20T16:30:00Z'),
        post: period('2026-11-20T16:30:00Z', '2026-11-20T16:30:00Z'),
      },
      dataGranularity: '1d',
      range: '',
      validRanges: ['1d', '5d', '1mo'],
    },
    quotes,
  };
}

const bar = (iso: string, close: number | null) => ({
  date: at(iso),
  open: close,
  high: close,
  low: close,
  close,
  volume: close === null ? null : 1_000_000.4,
});

describe('mapping Yahoo chart bars', () => {
  const chart = londonChart([
    bar('2026-11-18T08:00:00Z', 380),
    bar('2026-11-19T08:00:00Z', null),
    bar('2026-11-20T08:00:00Z', 385),
    bar('2026-11-20T16:35:00Z', 389.5),
  ]);

  it('converts pence to pounds, keeps the latest row of a repeated day and rounds volume', () => {
    const bars = mapChartBars(chart, { from: '2026-11-01', to: '2026-11-30' }, at('2026-11-21'));
    expect(bars.map((b) => [b.date, b.close, b.volume])).toEqual([
      ['2026-11-18', 3.8, 1_000_000],
      ['2026-11-20', 3.895, 1_000_000],
    ]);
  });

  it('keeps only days in the range and leaves out a session still open', () => {
    const during = at('2026-11-20T12:00:00Z');
    expect(
      mapChartBars(chart, { from: '2026-11-19', to: '2026-11-30' }, during).map((b) => b.date),
    ).toEqual([]);
    expect(
      mapChartBars(chart, { from: '2026-11-18', to: '2026-11-18' }, during).map((b) => b.date),
    ).toEqual(['2026-11-18']);
  });
});

describe('exchange days and currencies', () => {
  it('reads the day in the exchange time zone, or from its UTC offset', () => {
    const lateInNewYork = at('2026-11-21T02:00:00Z');
    expect(exchangeDay(lateInNewYork, 'America/New_York', -18_000)).toBe('2026-11-20');
    expect(exchangeDay(at('2026-11-20T23:30:00Z'), 'Asia/Tokyo', 32_400)).toBe('2026-11-21');
    expect(exchangeDay(lateInNewYork, 'Not/AZone', -18_000)).toBe('2026-11-20');
  });

  it('turns minor-unit currencies into ISO currencies', () => {
    expect(isoCurrency('GBp')).toEqual({ currency: 'GBP', divisor: 100 });
    expect(isoCurrency('ZAc')).toEqual({ currency: 'ZAR', divisor: 100 });
    expect(isoCurrency('EUR')).toEqual({ currency: 'EUR', divisor: 1 });
    expect(isoCurrency(undefined)).toEqual({ currency: 'USD', divisor: 1 });
  });
});
