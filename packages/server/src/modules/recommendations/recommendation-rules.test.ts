import { describe, expect, it } from 'vitest';
import {
  contributions,
  recommendationReason,
  recommendationScore,
  type RecommendationFactors,
} from './recommendation-rules.ts';

const none: RecommendationFactors = {
  newsSentiment: null,
  articles: 0,
  analysisScore: null,
  changePct31: null,
  changePct365: null,
};

describe('the recommendations ranking rule', () => {
  it('scores a listing with nothing known 0', () => {
    expect(recommendationScore(none)).toBe(0);
  });

  it('weights news 40, analysis 30, month 15 and year 15 points at full strength', () => {
    const full = {
      newsSentiment: 10,
      articles: 1_000_000,
      analysisScore: 10,
      changePct31: 20,
      changePct365: 50,
    };
    const c = contributions(full);
    expect(c.analysis).toBe(30);
    expect(c.month).toBe(15);
    expect(c.year).toBe(15);
    expect(c.news).toBeCloseTo(40, 3);
    expect(recommendationScore(full)).toBe(100);
    expect(
      recommendationScore({
        newsSentiment: -10,
        articles: 1_000_000,
        analysisScore: -10,
        changePct31: -20,
        changePct365: -50,
      }),
    ).toBe(-100);
  });

  it('trusts a handful of articles less than many: n / (n + 2)', () => {
    const one = recommendationScore({ ...none, newsSentiment: 6, articles: 1 });
    const ten = recommendationScore({ ...none, newsSentiment: 6, articles: 10 });
    // 40 × 0.6 × 1/3 = 8; 40 × 0.6 × 10/12 = 20.
    expect(one).toBe(8);
    expect(ten).toBe(20);
  });

  it('caps price momentum: +80 % in a month counts as +20 %', () => {
    expect(recommendationScore({ ...none, changePct31: 80 })).toBe(15);
    expect(recommendationScore({ ...none, changePct31: 10, changePct365: -25 })).toBe(0);
  });

  it('hand-computed: sentiment 5 over 3 articles, analysis 4, +6 % month, +30 % year', () => {
    // news 40 × 0.5 × 3/5 = 12; analysis 30 × 0.4 = 12; month 15 × 0.3 = 4.5; year 15 × 0.6 = 9.
    expect(
      recommendationScore({
        newsSentiment: 5,
        articles: 3,
        analysisScore: 4,
        changePct31: 6,
        changePct365: 30,
      }),
    ).toBe(37.5);
  });

  it('names the two strongest factors in one line, numbers without decimals', () => {
    expect(
      recommendationReason({
        newsSentiment: 6.4,
        articles: 5,
        analysisScore: 2,
        changePct31: 12.6,
        changePct365: 3.2,
      }),
    ).toBe('Bullish news (sentiment +6, 5 articles in 14 days), up 13% in a month.');
    expect(
      recommendationReason({ ...none, analysisScore: 7.2, changePct365: -41.5, changePct31: 0.2 }),
    ).toBe('Analysis score +7, down 42% in a year.');
    expect(recommendationReason({ ...none, newsSentiment: -3, articles: 1 })).toBe(
      'Bearish news (sentiment −3, 1 article in 14 days).',
    );
    expect(recommendationReason(none)).toBe('No recent news, analysis or price history.');
  });

  it('never writes a decimal in a reason', () => {
    for (const pct of [0.4, 1.49, 12.5, -7.77, 99.99]) {
      const reason = recommendationReason({ ...none, changePct31: pct, changePct365: pct * 2 });
      expect(reason).not.toMatch(/\d[.,]\d/);
    }
  });
});
