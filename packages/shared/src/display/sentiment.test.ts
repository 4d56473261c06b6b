import { describe, it, expect } from 'vitest';
import { sentimentBadge, sentimentConfidenceText, sentimentLabel } from './sentiment.ts';

describe('sentimentBadge', () => {
  it('is danger at most -5', () => {
    expect(sentimentBadge(-5)).toBe('danger');
    expect(sentimentBadge(-100)).toBe('danger');
  });

  it('is warning between -5 and 0, both excluded', () => {
    expect(sentimentBadge(-4.99)).toBe('warning');
    expect(sentimentBadge(-0.01)).toBe('warning');
  });

  it('is info at exactly 0, including negative zero', () => {
    expect(sentimentBadge(0)).toBe('info');
    expect(sentimentBadge(-0)).toBe('info');
  });

  it('is primary above 0 up to and including 5', () => {
    expect(sentimentBadge(0.01)).toBe('primary');
    expect(sentimentBadge(5)).toBe('primary');
  });

  it('is success above 5, where the spec is silent', () => {
    expect(sentimentBadge(5.01)).toBe('success');
    expect(sentimentBadge(10)).toBe('success');
  });

  it('is info for a missing or non-finite score', () => {
    expect(sentimentBadge(null)).toBe('info');
    expect(sentimentBadge(undefined)).toBe('info');
    expect(sentimentBadge(Number.NaN)).toBe('info');
    expect(sentimentBadge(Number.POSITIVE_INFINITY)).toBe('info');
    expect(sentimentBadge(Number.NEGATIVE_INFINITY)).toBe('info');
  });
});

describe('sentimentLabel', () => {
  it('labels scores with the same boundaries as the badge', () => {
    expect(sentimentLabel(-5)).toBe('Very bearish');
    expect(sentimentLabel(-4.99)).toBe('Bearish');
    expect(sentimentLabel(0)).toBe('Neutral');
    expect(sentimentLabel(5)).toBe('Bullish');
    expect(sentimentLabel(5.01)).toBe('Very bullish');
  });

  it('is Neutral for a missing or non-finite score', () => {
    expect(sentimentLabel(null)).toBe('Neutral');
    expect(sentimentLabel(undefined)).toBe('Neutral');
    expect(sentimentLabel(Number.NaN)).toBe('Neutral');
    expect(sentimentLabel(Number.NEGATIVE_INFINITY)).toBe('Neutral');
  });
});

describe('sentimentConfidenceText', () => {
  it('says the confidence as a whole percentage', () => {
    expect(sentimentConfidenceText(0.724)).toBe('72 % confidence');
    expect(sentimentConfidenceText(0.5)).toBe('50 % confidence');
    expect(sentimentConfidenceText(1)).toBe('100 % confidence');
  });

  it('says unknown for an analysis without a confidence, never a guess', () => {
    expect(sentimentConfidenceText(null)).toBe('Confidence unknown');
    expect(sentimentConfidenceText(undefined)).toBe('Confidence unknown');
    expect(sentimentConfidenceText(Number.NaN)).toBe('Confidence unknown');
    expect(sentimentConfidenceText(1.5)).toBe('Confidence unknown');
    expect(sentimentConfidenceText(-0.1)).toBe('Confidence unknown');
  });
});
