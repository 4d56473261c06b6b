/** Bootstrap-style badge variant for a sentiment score. */
export type SentimentBadge = 'danger' | 'warning' | 'info' | 'primary' | 'success';

/** Text label for a sentiment score, so colour is never the only signal. */
export type SentimentLabel = 'Very bearish' | 'Bearish' | 'Neutral' | 'Bullish' | 'Very bullish';

/** Magnitude of a strong sentiment: scores ≤ -5 are very bearish, scores > 5 very bullish. */
export const STRONG_SENTIMENT = 5;

type SentimentLevel = 'very-bearish' | 'bearish' | 'neutral' | 'bullish' | 'very-bullish';

/** Sentiment level of a score; missing or non-finite scores are neutral. */
function sentimentLevel(score: number | null | undefined): SentimentLevel {
  if (score == null || !Number.isFinite(score) || score === 0) return 'neutral';
  if (score <= -STRONG_SENTIMENT) return 'very-bearish';
  if (score < 0) return 'bearish';
  if (score <= STRONG_SENTIMENT) return 'bullish';
  return 'very-bullish';
}

const BADGES: Record<SentimentLevel, SentimentBadge> = {
  'very-bearish': 'danger',
  bearish: 'warning',
  neutral: 'info',
  bullish: 'primary',
  'very-bullish': 'success',
};

const LABELS: Record<SentimentLevel, SentimentLabel> = {
  'very-bearish': 'Very bearish',
  bearish: 'Bearish',
  neutral: 'Neutral',
  bullish: 'Bullish',
  'very-bullish': 'Very bullish',
};

/** Badge for a sentiment score: ≤ -5 danger, < 0 warning, 0 info, ≤ 5 primary, > 5 success. */
export function sentimentBadge(score: number | null | undefined): SentimentBadge {
  return BADGES[sentimentLevel(score)];
}

/** Text label for a sentiment score, with the same boundaries as `sentimentBadge`. */
export function sentimentLabel(score: number | null | undefined): SentimentLabel {
  return LABELS[sentimentLevel(score)];
}

/**
 * The analyst's confidence in its sentiment call as a short text ("72 % confidence"); a missing
 * or impossible value is unknown, never guessed.
 */
export function sentimentConfidenceText(confidence: number | null | undefined): string {
  if (confidence == null || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) {
    return 'Confidence unknown';
  }
  return `${String(Math.round(confidence * 100))} % confidence`;
}
