import { describe, expect, it } from 'vitest';
import { sentimentCall } from './sentiment-call.ts';
import { sentimentOfHint } from './sentiment-hint.ts';

describe('the score follows the call', () => {
  it('scores a neutral call 0 whatever score came with it', () => {
    expect(sentimentCall('neutral', 3)).toEqual({ sentiment: 'neutral', score: 0 });
    expect(sentimentCall('neutral', -2)).toEqual({ sentiment: 'neutral', score: 0 });
  });

  it('gives a bullish call a positive score and a bearish call a negative one', () => {
    expect(sentimentCall('bullish', 7)).toEqual({ sentiment: 'bullish', score: 7 });
    expect(sentimentCall('bullish', 0)).toEqual({ sentiment: 'bullish', score: 1 });
    expect(sentimentCall('bullish', -3)).toEqual({ sentiment: 'bullish', score: 1 });
    expect(sentimentCall('bearish', 2)).toEqual({ sentiment: 'bearish', score: -1 });
    expect(sentimentCall('bearish', -6.6)).toEqual({ sentiment: 'bearish', score: -7 });
  });

  it('keeps the score within −10 … 10 and reads a non-number as 0', () => {
    expect(sentimentCall('bullish', 15)).toEqual({ sentiment: 'bullish', score: 10 });
    expect(sentimentCall('bearish', Number.NaN)).toEqual({ sentiment: 'bearish', score: -1 });
  });

  it('makes a writer hint too weak to leave neutral score 0', () => {
    expect(sentimentOfHint(1)).toEqual({ sentiment: 'neutral', score: 0 });
    expect(sentimentOfHint(-1.4)).toEqual({ sentiment: 'neutral', score: 0 });
    expect(sentimentOfHint(-2)).toEqual({ sentiment: 'bearish', score: -2 });
    expect(sentimentOfHint(4)).toEqual({ sentiment: 'bullish', score: 4 });
  });
});
