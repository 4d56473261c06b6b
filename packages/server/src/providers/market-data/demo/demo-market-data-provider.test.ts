import { describe, expect, it } from 'vitest';
import { anchorPrice, createDemoMarketDataProvider } from './demo-market-data-provider.ts';

// Wednesday 2026-11-18, 15:00 in New York (20:00 UTC): the market is open.
const during = new Date('2026-11-18T20:00:00Z');

describe('the demo market-data provider', () => {
  const provider = createDemoMarketDataProvider({ now: () => during });

  it('handles the bundled symbols only', () => {
    expect(provider.canHandle('NASDAQ:AAPL')).toBe(true);
    expect(provider.canHandle('nasdaq:aapl')).toBe(true);
    expect(provider.canHandle('NASDAQ:NOPE')).toBe(false);
  });

  it('quotes known symbols and skips unknown ones', async () => {
    const quotes = await provider.getQuotes(['NASDAQ:AMD', 'NASDAQ:NOPE', 'NASDAQ:INTC']);
    expect(quotes.map((q) => q.symbol)).toEqual(['NASDAQ:AMD', 'NASDAQ:INTC']);
    for (const quote of quotes) {
      expect(quote.price).toBeGreaterThan(0);
      expect(quote.day_low).toBeLessThanOrEqual(quote.price);
      expect(quote.day_high).toBeGreaterThanOrEqual(quote.price);
      expect(quote.currency).toBe('USD');
    }
  });

  it('gives daily history only for sessions that have closed', async () => {
    const bars = await provider.getDailyHistory('NASDAQ:AAPL', '2026-11-16', '2026-11-30');
    expect(bars.map((b) => b.date)).toEqual(['2026-11-16', '2026-11-17']);
    expect(await provider.getDailyHistory('NASDAQ:NOPE', '2026-01-01', '2026-02-01')).toEqual([]);
  });

  it("trades volumes that follow the company's size: billions a day for Apple, far less for small names", async () => {
    const medianDollars = async (symbol: string) => {
      const bars = await provider.getDailyHistory(symbol, '2025-11-17', '2026-11-17');
      const values = bars.map((b) => b.volume * b.close).sort((a, b) => a - b);
      return values[values.length >> 1] ?? 0;
    };
    const apple = await medianDollars('NASDAQ:AAPL');
    expect(apple).toBeGreaterThan(3e9);
    expect(apple).toBeLessThan(20e9);
    // Among the data set's smaller industrials: a few hundred million dollars a day.
    const small = await medianDollars('NYSE:AOS');
    expect(small).toBeGreaterThan(5e7);
    expect(small).toBeLessThan(1e9);
    expect(apple / small).toBeGreaterThan(10);
  });

  it('returns the profile of a bundled company', async () => {
    expect(await provider.getProfile('NYSE:JPM')).toMatchObject({
      name: 'JPMorgan Chase & Co.',
      sector: 'Financials',
      currency: 'USD',
    });
    expect(await provider.getProfile('NYSE:NOPE')).toBeNull();
  });

  it('ranks search results: exact ticker, ticker prefix, name prefix, name word', async () => {
    const [first] = await provider.search('amd', 5);
    expect(first?.symbol).toBe('NASDAQ:AMD');
    const apple = await provider.search('Apple', 5);
    expect(apple[0]?.symbol).toBe('NASDAQ:AAPL');
    expect(await provider.search('   ', 5)).toEqual([]);
    expect((await provider.search('a', 3)).length).toBe(3);
  });
});

describe('anchorPrice', () => {
  it('stays within 3 % of the reference level, to the cent, and is stable per symbol', () => {
    const prices = ['NASDAQ:AAPL', 'NASDAQ:MSFT', 'NYSE:JPM', 'NYSE:XOM'].map((symbol) =>
      anchorPrice({ symbol, price: 100 }),
    );
    for (const price of prices) {
      expect(price).toBeGreaterThanOrEqual(97);
      expect(price).toBeLessThanOrEqual(103);
      expect(Math.round(price * 100) / 100).toBe(price);
    }
    expect(new Set(prices).size).toBe(prices.length);
    expect(anchorPrice({ symbol: 'NASDAQ:AAPL', price: 100 })).toBe(prices[0]);
  });
});
