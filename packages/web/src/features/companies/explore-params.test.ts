import { describe, expect, it } from 'vitest';
import { explorePath, focusSymbol, isNothingHere } from './explore-params';

const params = (search: string) => new URLSearchParams(search);

describe('explore page parameters', () => {
  it('reads the nothing-here flag under either spelling', () => {
    expect(isNothingHere(params('nothing_here=1'))).toBe(true);
    expect(isNothingHere(params('nothingHere=true'))).toBe(true);
    expect(isNothingHere(params('nothing_here'))).toBe(true);
  });

  it('has no flag when it is absent or says no', () => {
    expect(isNothingHere(params(''))).toBe(false);
    expect(isNothingHere(params('nothing_here=0'))).toBe(false);
    expect(isNothingHere(params('nothingHere=false'))).toBe(false);
  });

  it('joins exchange and symbol into the company to highlight', () => {
    expect(focusSymbol(params('exchange=nasdaq&symbol=aapl'))).toBe('NASDAQ:AAPL');
    expect(focusSymbol(params('symbol=NYSE:IBM'))).toBe('NYSE:IBM');
  });

  it('highlights nothing without a symbol or an exchange', () => {
    expect(focusSymbol(params('exchange=NASDAQ'))).toBeNull();
    expect(focusSymbol(params('symbol=AAPL'))).toBeNull();
  });

  it('builds the link that opens a company in the explorer', () => {
    expect(explorePath('NASDAQ:AAPL')).toBe('/company/explore?exchange=NASDAQ&symbol=AAPL');
  });
});
