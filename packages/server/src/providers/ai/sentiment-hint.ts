import type { Sentiment } from './ai-provider.ts';
import { sentimentCall } from './sentiment-call.ts';

/**
 * The label and score of a sentiment hint (a score a writer computed from its own figures, see
 * `AiArticleInput.sentimentHint`): |hint| ≥ 2 (after rounding) leaves neutral; a weaker hint is
 * neutral and, by {@link sentimentCall}, scores 0.
 */
export function sentimentOfHint(hint: number): { sentiment: Sentiment; score: number } {
  const score = Math.max(-10, Math.min(10, Math.round(hint))) || 0;
  const sentiment: Sentiment = score >= 2 ? 'bullish' : score <= -2 ? 'bearish' : 'neutral';
  return sentimentCall(sentiment, score);
}
