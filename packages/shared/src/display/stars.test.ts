import { describe, it, expect } from 'vitest';
import { starRating } from './stars.ts';

describe('starRating', () => {
  it('always returns five stars', () => {
    for (const score of [0, 3, 7.5, 10, -1, 11, Number.NaN]) {
      expect(starRating(score)).toHaveLength(5);
    }
  });

  it('shows no stars for a score of 0', () => {
    expect(starRating(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('shows five full stars for a score of 10', () => {
    expect(starRating(10)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('shows half the score in stars', () => {
    expect(starRating(6)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starRating(7)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starRating(1)).toEqual(['half', 'empty', 'empty', 'empty', 'empty']);
    expect(starRating(9)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });

  it('rounds to the nearest half star', () => {
    expect(starRating(6.4)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starRating(6.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
    expect(starRating(7.6)).toEqual(['full', 'full', 'full', 'full', 'empty']);
    expect(starRating(0.4)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });

  it('clamps scores below 0 and above 10', () => {
    expect(starRating(-3)).toEqual(starRating(0));
    expect(starRating(42)).toEqual(starRating(10));
  });

  it('shows all empty stars for a non-finite score', () => {
    const empty = ['empty', 'empty', 'empty', 'empty', 'empty'];
    expect(starRating(Number.NaN)).toEqual(empty);
    expect(starRating(Number.POSITIVE_INFINITY)).toEqual(empty);
    expect(starRating(Number.NEGATIVE_INFINITY)).toEqual(empty);
  });
});
