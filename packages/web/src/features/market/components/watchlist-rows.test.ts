import { describe, expect, it } from 'vitest';
import { NOT_AVAILABLE_NAME, toWatchlistRow, toWatchlistRows } from './watchlist-rows';
import { makeFinancials } from '../../../../test/fixtures/market';

describe('watchlist rows', () => {
  it('derives change and change % from the current open (spec §3)', () => {
    const row = toWatchlistRow(
      'NASDAQ:AMD',
      makeFinancials('NASDAQ:AMD', { price: 105, current_open: 100, change: 9, change_pct: 9.4 }),
    );
    expect(row).toMatchObject({
      symbol: 'NASDAQ:AMD',
      exchange: 'NASDAQ',
      ticker: 'AMD',
      open: 100,
      change: 5,
      change_pct: 5,
    });
  });

  it("makes an 'N/A' placeholder row for a symbol without financials, keeping the list order", () => {
    const rows = toWatchlistRows(['OTC:GONE', 'NASDAQ:AMD'], {
      'NASDAQ:AMD': makeFinancials('NASDAQ:AMD'),
    });
    expect(rows.map((row) => row.symbol)).toEqual(['OTC:GONE', 'NASDAQ:AMD']);
    expect(rows[0]).toMatchObject({
      company_name: NOT_AVAILABLE_NAME,
      ticker: 'GONE',
      price: null,
      change: null,
      change_pct: null,
    });
  });
});
