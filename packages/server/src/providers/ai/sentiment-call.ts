import type { Sentiment } from './ai-provider.ts';

/**
 * The one rule that ties an article's `sentiment_score` to its call, whoever made the call (the
 * offline analyst, an LLM, a writer's hint): a neutral call scores 0, a bullish call at least
 * +1 and a bearish call at most −1, within the spec's −10 … 10. The bullish and bearish feeds
 * and the track record read the score's sign, so an article the analyst is unsure about (called
 * neutral) is neutral everywhere.
 */
export function sentimentCall(
  sentiment: Sentiment,
  score: number,
): { sentiment: Sentiment; score: number } {
  const rounded = Number.isFinite(score) ? Math.max(-10, Math.min(10, Math.round(score))) : 0;
  if (sentiment === 'bullish') return { sentiment, score: Math.max(1, rounded) };
  if (sentiment === 'bearish') return { sentiment, score: Math.min(-1, rounded) };
  return { sentiment: 'neutral', score: 0 };
}
