import { describe, expect, it } from 'vitest';
import {
  addTicker,
  PORTFOLIO_ONLY,
  removeTicker,
  selectionList,
  selectionOf,
  togglePortfolio,
} from './selection-picker';

describe('the portfolio / tickers selection (spec §4)', () => {
  it('choosing a ticker turns the portfolio off; turning the portfolio on clears the tickers', () => {
    const withTicker = addTicker(PORTFOLIO_ONLY, 'NASDAQ:AAPL');
    expect(withTicker).toEqual({ portfolio: false, tickers: ['NASDAQ:AAPL'] });
    expect(selectionList(withTicker)).toEqual(['NASDAQ:AAPL']);
    const back = togglePortfolio(addTicker(withTicker, 'NYSE:KO'), true);
    expect(back).toEqual({ portfolio: true, tickers: [] });
    expect(selectionList(back)).toEqual(['PORTFOLIO']);
  });

  it('adds a ticker once and removes it again', () => {
    const twice = addTicker(addTicker(PORTFOLIO_ONLY, 'NASDAQ:AAPL'), 'NASDAQ:AAPL');
    expect(twice.tickers).toEqual(['NASDAQ:AAPL']);
    expect(removeTicker(twice, 'NASDAQ:AAPL')).toEqual({ portfolio: false, tickers: [] });
  });

  it('reads a stored selection back', () => {
    expect(selectionOf(['PORTFOLIO'])).toEqual({ portfolio: true, tickers: [] });
    expect(selectionOf(['NASDAQ:AAPL', 'NYSE:KO'])).toEqual({
      portfolio: false,
      tickers: ['NASDAQ:AAPL', 'NYSE:KO'],
    });
  });
});
