import { describe, expect, it } from 'vitest';
import type { QuoteCandidate } from './alert-rule-eval.repository.ts';
import { groupedFiring } from './alert-rule-rules.ts';

const crossing = (symbol: string, change_pct: number, over: Partial<QuoteCandidate> = {}) =>
  ({
    rule_id: 'r1',
    user_id: 'u1',
    kind: 'day_move',
    scope: 'watchlist',
    watchlist: 'Chips',
    symbol,
    threshold: 3,
    direction: 'either',
    price: 100 + change_pct,
    change_pct,
    high52: null,
    low52: null,
    volume: null,
    avg_volume: null,
    ...over,
  }) satisfies QuoteCandidate;

describe('the alert of a rule’s crossings', () => {
  it('says a single crossing in the words of its kind, as a rule on one symbol would', () => {
    const { lead, text } = groupedFiring([crossing('NASDAQ:NVDA', 6)]);
    expect(lead.symbol).toBe('NASDAQ:NVDA');
    expect(text).toBe('NASDAQ:NVDA moved +6.00 % today (your threshold: 3 %), at 106.00');
  });

  it('names the largest moves of a watchlist first and counts the rest', () => {
    const moves = [3.5, -9, 4, 12, -3.2, 5, 7.5];
    const { lead, text } = groupedFiring(moves.map((m, i) => crossing(`NYSE:S${String(i)}`, m)));
    expect(lead.symbol).toBe('NYSE:S3');
    expect(text).toBe(
      '7 listings on your watchlist “Chips” moved at least 3 % today: NYSE:S3 +12.00 % at 112.00, ' +
        'NYSE:S1 -9.00 % at 91.00, NYSE:S6 +7.50 % at 107.50, NYSE:S5 +5.00 % at 105.00, ' +
        'NYSE:S2 +4.00 % at 104.00, and 2 more',
    );
  });

  it('speaks of the holdings and of the direction the rule watches', () => {
    const down = { scope: 'holdings', watchlist: null, direction: 'down' };
    const { text } = groupedFiring([crossing('A', -4, down), crossing('B', -6, down)]);
    expect(text).toBe(
      '2 of your holdings fell at least 3 % today: B -6.00 % at 94.00, A -4.00 % at 96.00',
    );
  });

  it('words 52-week highs and volume spikes, and an unknown multiple as unknown', () => {
    const high = { kind: 'high_52w', threshold: null, high52: 100 };
    expect(groupedFiring([crossing('A', 2, high), crossing('B', 1, high)]).text).toBe(
      '2 listings on your watchlist “Chips” made new 52-week highs: A at 102.00 (previous high 100.00), ' +
        'B at 101.00 (previous high 100.00)',
    );
    const spike = { kind: 'volume_spike', threshold: 3 };
    expect(
      groupedFiring([
        crossing('A', 1, { ...spike, volume: 400, avg_volume: 100 }),
        crossing('B', 0.5, spike),
      ]).text,
    ).toBe(
      '2 listings on your watchlist “Chips” traded at least 3 × their 50-day average volume: ' +
        'A 4.0 ×, B an unknown multiple',
    );
  });
});
