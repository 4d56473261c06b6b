import { describe, expect, it } from 'vitest';
import type { LiveQuoteEvent } from '@app/shared/api/live';
import { mergeQuote, mergeQuoteInto } from './quote-merge';

const quote = {
  exchange_ticker: 'NASDAQ:AAPL',
  company_name: 'Apple Inc.',
  price: 200,
  previous_close: 198,
  change: 2,
  change_pct: 1.01,
  day_low: 197,
  day_high: 201,
  change_pct_365: 12.5,
  as_of: 1_000,
  updated_at: 1_010,
};
const event: LiveQuoteEvent = {
  topic: 'quotes:NASDAQ:AAPL',
  symbol: 'NASDAQ:AAPL',
  price: 203.5,
  change: 5.5,
  change_pct: 2.78,
  day_low: 197,
  day_high: 204,
  as_of: 1_060,
  updated_at: 1_070,
};

describe('live quote merge', () => {
  it('moves the quote fields and keeps the rest', () => {
    expect(mergeQuote(quote, event)).toEqual({
      ...quote,
      price: 203.5,
      change: 5.5,
      change_pct: 2.78,
      day_high: 204,
      as_of: 1_060,
      updated_at: 1_070,
    });
  });

  it('ignores an older event, another symbol and an event that changes nothing', () => {
    expect(mergeQuote(quote, { ...event, updated_at: 1_000, as_of: 990 })).toBe(quote);
    expect(mergeQuote(quote, { ...event, symbol: 'NASDAQ:MSFT' })).toBe(quote);
    expect(mergeQuote(quote, { ...event, price: 200, as_of: 1_000, updated_at: 1_010 })).toBe(
      quote,
    );
  });

  it('merges into a map keyed by symbol, a watchlist answer and a list; other data is untouched', () => {
    const other = { ...quote, exchange_ticker: 'NASDAQ:MSFT' };
    const map = { 'NASDAQ:AAPL': quote, 'NASDAQ:MSFT': other };
    const mergedMap = mergeQuoteInto(map, event) as typeof map;
    expect(mergedMap['NASDAQ:AAPL'].price).toBe(203.5);
    expect(mergedMap['NASDAQ:MSFT']).toBe(other);

    const watchlist = { name: 'default', exchange_tickers: ['NASDAQ:AAPL'], financials: map };
    const mergedList = mergeQuoteInto(watchlist, event) as typeof watchlist;
    expect(mergedList.financials['NASDAQ:AAPL'].price).toBe(203.5);
    expect(mergedList.exchange_tickers).toBe(watchlist.exchange_tickers);

    const rows = [quote, other];
    expect((mergeQuoteInto(rows, event) as (typeof quote)[])[0]?.price).toBe(203.5);

    const unrelated = { bars: [{ date: '2026-01-02', close: 1 }] };
    expect(mergeQuoteInto(unrelated, event)).toBe(unrelated);
    expect(mergeQuoteInto(null, event)).toBeNull();
    expect(mergeQuoteInto(map, { ...event, symbol: 'NYSE:T' })).toBe(map);
  });
});
