import { describe, expect, it } from 'vitest';
import {
  articleSubject,
  clickbaitTitle,
  noBullshit,
  type PresentationInput,
} from './presentation.ts';

const input = (title: string, overrides: Partial<PresentationInput> = {}): PresentationInput => ({
  title,
  tickers: [],
  classification: 'Market News',
  sentiment: 'bullish',
  defcon: 4,
  ...overrides,
});

describe('the light-hearted fields of the offline analyst', () => {
  it('takes a company from the title, never the market as a whole', () => {
    expect(articleSubject('Pentair cuts annual forecast', [])).toBe('Pentair');
    expect(articleSubject('Eli Lilly weight-loss drug wins approval', [])).toBe('Eli Lilly');
    expect(articleSubject('Apple tops estimates', ['NASDAQ:AAPL'])).toBe('AAPL');
    for (const title of [
      'Markets wrap: stocks end mixed as Treasury yields edge higher',
      'Stocks slide as yields jump',
      'Wall Street rallies on rate hopes',
      'US Stocks close at a record',
    ]) {
      expect(articleSubject(title, []), title).toBeNull();
    }
  });

  it('writes a market wrap without naming "Markets" as a company', () => {
    const wrap = input('Markets wrap: stocks end mixed as Treasury yields edge higher', {
      sentiment: 'neutral',
    });
    expect(noBullshit(wrap)).toBe('Markets did not do much.');
    expect(noBullshit({ ...wrap, sentiment: 'bearish' })).toBe('Markets went down.');
    for (const sentiment of ['bullish', 'bearish', 'neutral'] as const) {
      const title = clickbaitTitle({ ...wrap, sentiment });
      expect(title).toContain(wrap.title);
      expect(title).not.toMatch(/Markets (is|fans|holders)|Investors is/);
    }
  });

  it('keeps the company in the punchier title when there is one', () => {
    const titles = ['Pentair beats estimates', 'Pentair raises its outlook'].map((title) =>
      clickbaitTitle(input(title, { classification: 'Company Results' })),
    );
    for (const title of titles) expect(title).toMatch(/Pentair (is on a roll|fans)/);
  });

  it('says what the stock did on a share-price headline, not the bare "good news"', () => {
    const move = (title: string, ticker: string, sentiment: PresentationInput['sentiment']) =>
      noBullshit(input(title, { tickers: [ticker], classification: 'Other', sentiment }));
    expect(move('Equinor ASA rises 3.7% to a 52-week high', 'NYSE:EQNR', 'bullish')).toBe(
      'EQNR: the stock is climbing.',
    );
    expect(
      move('Novo Nordisk shares slide after trial data disappoint', 'NYSE:NVO', 'bearish'),
    ).toBe('NVO: the stock is falling.');
    expect(move('Albemarle trades 7.0 times its usual volume', 'NYSE:ALB', 'bullish')).toBe(
      'ALB: the stock is climbing.',
    );
    expect(
      move(
        'Fastenal trades 1.4 times its usual volume as shares rise 0.6%',
        'NASDAQ:FAST',
        'neutral',
      ),
    ).toBe('FAST: the stock barely moved.');
    // Not about the share price: the classification's line stays.
    expect(move('Acme opens a new plant in Ohio', 'NYSE:ACME', 'bullish')).toBe('ACME: good news.');
  });
});
