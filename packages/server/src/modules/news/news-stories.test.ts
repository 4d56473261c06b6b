import { describe, expect, it } from 'vitest';
import {
  bandKeys,
  MINHASH_SIZE,
  minhash,
  sameStory,
  shingles,
  similarity,
  STORY_THRESHOLD,
} from './news-stories.ts';

const wire =
  'Apple beats estimates as iPhone sales jump. Apple Inc. (NASDAQ:AAPL) reported fiscal ' +
  'fourth-quarter revenue of $94.9 billion, up 6% from a year earlier, ahead of the $94.5 ' +
  'billion analysts expected. Earnings per share were $1.64. The company said iPhone revenue ' +
  'rose to $46.2 billion and services reached a record.';
const rewrite =
  'Apple tops forecasts on strong iPhone sales. Apple Inc. (NASDAQ:AAPL) reported fiscal ' +
  'fourth-quarter revenue of $94.9 billion, up 6% from a year earlier, ahead of the $94.5 ' +
  'billion analysts had expected, the iPhone maker said on Thursday. The company said iPhone ' +
  'revenue rose to $46.2 billion.';
const other =
  'Exxon Mobil Corporation (NYSE:XOM) said it would buy back $20 billion of its shares next ' +
  'year and raised its quarterly dividend by 4% to $1.03 a share.';

const at = new Date('2026-11-23T12:00:00Z');

describe('one card per story: MinHash over word shingles', () => {
  it('signs a text with 64 integers and 32 band keys, the same every time', () => {
    const signature = minhash(wire);
    expect(signature).toHaveLength(MINHASH_SIZE);
    expect(signature).toEqual(minhash(wire));
    expect(bandKeys(signature)).toHaveLength(32);
    for (const value of signature) expect(Number.isInteger(value)).toBe(true);
  });

  it('estimates the Jaccard similarity of the shingle sets', () => {
    const a = shingles(wire);
    const b = shingles(rewrite);
    const exact = [...a].filter((s) => b.has(s)).length / new Set([...a, ...b]).size;
    expect(Math.abs(similarity(minhash(wire), minhash(rewrite)) - exact)).toBeLessThan(0.15);
    expect(similarity(minhash(wire), minhash(wire))).toBe(1);
    expect(similarity(minhash(wire), minhash(other))).toBeLessThan(0.1);
  });

  it('puts a rewrite of the same news in its story, and another company’s news not', () => {
    const story = (text: string, tickers: string[], date = at) => ({
      signature: minhash(text),
      tickers,
      date,
    });
    expect(similarity(minhash(wire), minhash(rewrite))).toBeGreaterThanOrEqual(STORY_THRESHOLD);
    expect(sameStory(story(wire, ['NASDAQ:AAPL']), story(rewrite, ['NASDAQ:AAPL']))).toBe(true);
    expect(sameStory(story(wire, ['NASDAQ:AAPL']), story(other, ['NYSE:XOM']))).toBe(false);
    // The same text linked to different companies, or a week apart, is another story.
    expect(sameStory(story(wire, ['NASDAQ:AAPL']), story(wire, ['NYSE:XOM']))).toBe(false);
    const later = new Date(at.getTime() + 7 * 86_400_000);
    expect(sameStory(story(wire, ['NASDAQ:AAPL']), story(wire, ['NASDAQ:AAPL'], later))).toBe(
      false,
    );
  });
});
