import type { Sentiment } from './ai-provider.ts';

/**
 * The label and score of a sentiment hint (a score a writer computed from its own figures, see
 * `AiArticleInput.sentimentHint`): the same bands as the offline analyst (|score| ≥ 2 leaves
 * neutral), rounded and clamped to the spec's −10 … 10.
 */
export function sentimentOfHint(hint: number): { sentiment: Sentiment; score: number } {
  const score = Math.max(-10, Math.min(10, Math.round(hint))) || 0;
  const sentiment: Sentiment = score >= 2 ? 'bullish' : score <= -2 ? 'bearish' : 'neutral';
  return { sentiment, score };
}
