import { WATCHLIST_MAX_SYMBOLS } from '@app/shared/api/market';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { appendSymbol, removeSymbol } from './watchlist-rules.ts';

describe('watchlist rules (spec §4)', () => {
  it('appends new symbols at the end and ignores one already present', () => {
    expect(appendSymbol(['NASDAQ:AMD'], 'NASDAQ:INTC')).toEqual(['NASDAQ:AMD', 'NASDAQ:INTC']);
    expect(appendSymbol(['NASDAQ:AMD', 'NASDAQ:INTC'], 'NASDAQ:AMD')).toEqual([
      'NASDAQ:AMD',
      'NASDAQ:INTC',
    ]);
  });

  it(`refuses a new symbol beyond ${WATCHLIST_MAX_SYMBOLS} with a 409, but still ignores present ones`, () => {
    const full = Array.from({ length: WATCHLIST_MAX_SYMBOLS }, (_, i) => `NYSE:T${i}`);
    expect(() => appendSymbol(full, 'NYSE:NEW')).toThrow(AppError);
    try {
      appendSymbol(full, 'NYSE:NEW');
    } catch (error) {
      expect((error as AppError).statusCode).toBe(409);
    }
    expect(appendSymbol(full, 'NYSE:T5')).toHaveLength(WATCHLIST_MAX_SYMBOLS);
  });

  it('removes a symbol and leaves the list unchanged when it is absent', () => {
    expect(removeSymbol(['NASDAQ:AMD', 'NASDAQ:INTC'], 'NASDAQ:AMD')).toEqual(['NASDAQ:INTC']);
    expect(removeSymbol(['NASDAQ:AMD'], 'NASDAQ:SMCI')).toEqual(['NASDAQ:AMD']);
  });
});
