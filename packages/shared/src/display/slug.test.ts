import { describe, it, expect } from 'vitest';
import { newsLink, newsSlug } from './slug.ts';

describe('newsSlug', () => {
  it('removes non-alphanumeric characters', () => {
    expect(newsSlug('Apple, Inc. (AAPL) +5%!', 80)).toBe('APPLE_INC_AAPL_5');
  });

  it('turns spaces into underscores and collapses runs of whitespace', () => {
    expect(newsSlug('  Fed   holds\trates \n steady ', 80)).toBe('FED_HOLDS_RATES_STEADY');
  });

  it('does not leave double underscores where punctuation stood between words', () => {
    expect(newsSlug('Stocks - up', 80)).toBe('STOCKS_UP');
  });

  it('removes underscores already present in the title', () => {
    expect(newsSlug('snake_case title', 80)).toBe('SNAKECASE_TITLE');
  });

  it('upper-cases the slug for the URL fragment', () => {
    expect(newsSlug('Nvidia beats estimates', 80)).toBe('NVIDIA_BEATS_ESTIMATES');
  });

  it('keeps Unicode letters and digits as alphanumeric', () => {
    expect(newsSlug('Société Générale 2025 résultats', 80)).toBe('SOCIÉTÉ_GÉNÉRALE_2025_RÉSULTATS');
    expect(newsSlug('トヨタ 決算', 80)).toBe('トヨタ_決算');
  });

  it('leaves a title at exactly the caller-given length untouched', () => {
    expect(newsSlug('abcde', 5)).toBe('ABCDE');
  });

  it('truncates at the caller-given length and appends an ellipsis not counted in the length', () => {
    expect(newsSlug('abcdefgh', 5)).toBe('ABCDE…');
  });

  it('drops a trailing underscore before the ellipsis when cut at a word boundary', () => {
    expect(newsSlug('Tesla shares slide', 6)).toBe('TESLA…');
  });

  it('counts astral characters as single characters when truncating', () => {
    expect(newsSlug('𝟘𝟙𝟚𝟛', 2)).toBe('𝟘𝟙…');
  });

  it('returns an empty slug for an empty or punctuation-only title', () => {
    expect(newsSlug('', 10)).toBe('');
    expect(newsSlug('   ', 10)).toBe('');
    expect(newsSlug('?!…—', 10)).toBe('');
  });

  it('returns an empty slug for a zero, negative or NaN length', () => {
    expect(newsSlug('Market news', 0)).toBe('');
    expect(newsSlug('Market news', -3)).toBe('');
    expect(newsSlug('Market news', Number.NaN)).toBe('');
  });

  it('does not truncate with an infinite length and floors fractional lengths', () => {
    expect(newsSlug('Market news', Number.POSITIVE_INFINITY)).toBe('MARKET_NEWS');
    expect(newsSlug('Market news', 3.9)).toBe('MAR…');
  });
});

describe('newsLink', () => {
  it('builds article links as /n/{newsId}#{TITLE_SLUG}', () => {
    expect(newsLink(42, 'AMD unveils new chip')).toBe('/n/42#AMD_UNVEILS_NEW_CHIP');
    expect(newsLink('abc123', 'Intel news')).toBe('/n/abc123#INTEL_NEWS');
  });

  it('truncates the slug at 80 characters by default', () => {
    const link = newsLink(1, 'a'.repeat(100));
    expect(link).toBe(`/n/1#${'A'.repeat(80)}…`);
  });

  it('uses the caller-given length', () => {
    expect(newsLink(7, 'Breaking market news', 8)).toBe('/n/7#BREAKING…');
  });

  it('omits the fragment when the title yields no slug', () => {
    expect(newsLink(7, '!!!')).toBe('/n/7');
  });

  it('percent-encodes unsafe characters in the news id', () => {
    expect(newsLink('a/b c', 'x')).toBe('/n/a%2Fb%20c#X');
  });
});
