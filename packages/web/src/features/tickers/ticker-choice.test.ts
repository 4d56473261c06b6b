import { describe, expect, it } from 'vitest';
import { chooseTicker } from './ticker-choice';

const suggestions = ['NASDAQ:APP', 'NASDAQ:AAPL', 'NASDAQ:AMAT'];

describe('ticker choice (spec §5)', () => {
  it('takes the suggestion equal to the typed symbol, whatever its case', () => {
    expect(chooseTicker(' nasdaq:aapl ', suggestions)).toBe('NASDAQ:AAPL');
  });

  it('takes the suggestion whose ticker equals the typed text', () => {
    expect(chooseTicker('amat', suggestions)).toBe('NASDAQ:AMAT');
  });

  it('uses the first suggestion when the text matches none of them', () => {
    expect(chooseTicker('apple', suggestions)).toBe('NASDAQ:APP');
    expect(chooseTicker('NYSE:IBM', suggestions)).toBe('NASDAQ:APP');
  });

  it('without suggestions accepts only a well-formed EXCHANGE:TICKER, upper-cased', () => {
    expect(chooseTicker('nyse:brk.b', [])).toBe('NYSE:BRK.B');
    expect(chooseTicker('apple', [])).toBeNull();
    expect(chooseTicker('AAPL', [])).toBeNull();
  });

  it('chooses nothing for empty text', () => {
    expect(chooseTicker('   ', suggestions)).toBeNull();
  });
});
