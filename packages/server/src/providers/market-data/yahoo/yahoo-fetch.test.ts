import { describe, expect, it } from 'vitest';
import { retryAfterMs, rewriteYahooUrl } from './yahoo-fetch.ts';

describe('the Yahoo base-URL rewrite', () => {
  it('moves every Yahoo host onto the base URL, keeping path and query', () => {
    const base = 'http://127.0.0.1:4010';
    expect(
      rewriteYahooUrl('https://query2.finance.yahoo.com/v7/finance/quote?symbols=AAPL', base),
    ).toBe('http://127.0.0.1:4010/v7/finance/quote?symbols=AAPL');
    expect(rewriteYahooUrl('https://query1.finance.yahoo.com/v1/test/getcrumb', base)).toBe(
      'http://127.0.0.1:4010/v1/test/getcrumb',
    );
    expect(rewriteYahooUrl('https://finance.yahoo.com/quote/AAPL', `${base}/yahoo/`)).toBe(
      'http://127.0.0.1:4010/yahoo/quote/AAPL',
    );
  });

  it('leaves URLs alone without a base URL or outside yahoo.com', () => {
    const url = 'https://query2.finance.yahoo.com/v8/finance/chart/AAPL?interval=1d';
    expect(rewriteYahooUrl(url, undefined)).toBe(url);
    expect(rewriteYahooUrl('https://notyahoo.com/x', 'http://127.0.0.1:1')).toBe(
      'https://notyahoo.com/x',
    );
  });
});

describe('Retry-After', () => {
  it('reads delta seconds and HTTP dates', () => {
    const now = Date.parse('2026-11-20T12:00:00Z');
    expect(retryAfterMs('2', now)).toBe(2000);
    expect(retryAfterMs('Fri, 20 Nov 2026 12:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Fri, 20 Nov 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(null, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});
