import { describe, expect, it } from 'vitest';
import { checkScreenQuery, personalSymbols, screenLimitOf } from './screener-rules.ts';

const now = new Date('2026-06-15T12:00:00Z');
const none = { watchlist: false, portfolio: false };

describe('screener rules', () => {
  it('keeps every listing without a personal filter, and asks visitors to sign in for one', () => {
    expect(personalSymbols(none, false, { watchlist: null, portfolio: null })).toBeNull();
    expect(() =>
      personalSymbols({ watchlist: true, portfolio: false }, false, {
        watchlist: null,
        portfolio: null,
      }),
    ).toThrow('Sign in to screen your watchlist or portfolio.');
  });

  it('keeps the listings in both the watchlists and the holdings when both are asked', () => {
    expect(
      personalSymbols({ watchlist: true, portfolio: true }, true, {
        watchlist: ['NASDAQ:AAPL', 'NYSE:XOM', 'NASDAQ:MSFT'],
        portfolio: ['NYSE:XOM', 'NASDAQ:MSFT', 'NYSE:KO'],
      }),
    ).toEqual(['NYSE:XOM', 'NASDAQ:MSFT']);
    expect(
      personalSymbols({ watchlist: false, portfolio: true }, true, {
        watchlist: null,
        portfolio: [],
      }),
    ).toEqual([]);
  });

  it('keeps a screen query as the screener reads it, and refuses an unknown field by name', () => {
    expect(checkScreenQuery('?sector=Energy&order_by=-price', now)).toBe(
      'sector=Energy&order_by=-price',
    );
    expect(() => checkScreenQuery('colour=red', now)).toThrow(/'colour'/);
  });

  it('reads the saved-screen limit from the plan', () => {
    const facts = (subscription: string, status: string) => ({
      subscription,
      subscription_status: status,
      current_period_end: null,
    });
    expect(screenLimitOf(facts('', ''), now)).toEqual({ limit: 3, plan: 'free' });
    expect(screenLimitOf(facts('tier3_monthly', 'active'), now)).toMatchObject({ limit: 100 });
    expect(screenLimitOf(facts('tier3_monthly', 'canceled'), now)).toMatchObject({ limit: 3 });
  });
});
