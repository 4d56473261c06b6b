import { describe, expect, it } from 'vitest';
import { loadShippedSentimentModel } from './sentiment-model.ts';

describe('shipped sentiment model', () => {
  const model = loadShippedSentimentModel();

  it('loads thousands of weights from the JSON file', () => {
    expect(model.size).toBeGreaterThan(1000);
  });

  it('reads clear headlines the obvious way', () => {
    expect(model.classify('Acme beats estimates and raises guidance')).toBe('bullish');
    expect(model.classify('Acme misses estimates, shares plunge')).toBe('bearish');
  });

  it('returns probabilities that sum to one', () => {
    const p = model.predict('Acme to hold annual meeting on May 5');
    expect(p.bearish + p.bullish + p.neutral).toBeCloseTo(1);
  });
});
