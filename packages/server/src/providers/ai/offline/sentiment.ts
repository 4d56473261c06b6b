/**
 * Article sentiment: the finance lexicon (with negation and intensity) and the trained linear
 * model, combined into a label and an integer score from −10 (bearish) to +10 (bullish).
 */
import type { Sentiment } from '../ai-provider.ts';
import { lexiconScore, type LexiconHit } from './lexicon.ts';
import type { SentimentModel } from './sentiment-model.ts';
import { tokenize } from './text.ts';

/** Weight of the title and of the first few body sentences in the lexicon score. */
const POSITION_WEIGHTS = [1, 0.5, 0.3, 0.2];
/** Share of the lexicon in the combined signal (the rest is the model's). */
const LEXICON_SHARE = 0.55;
/** |signal| below this is neutral. */
const NEUTRAL_BAND = 0.15;

/** The sentiment of one article with what produced it. */
export interface SentimentResult {
  sentiment: Sentiment;
  /** Integer −10 … +10. */
  score: number;
  /** Combined signal in −1 … 1. */
  signal: number;
  lexicon: number;
  model: number;
  hits: LexiconHit[];
}

/** Clamps and rounds a signal in −1 … 1 to the spec's integer score range. */
export function toSentimentScore(signal: number): number {
  const score = Math.round(signal * 10);
  return Math.max(-10, Math.min(10, score)) || 0;
}

/** Scores the title and the leading body sentences of an article. */
export function analyzeSentiment(
  model: SentimentModel,
  title: string,
  sentences: readonly string[],
): SentimentResult {
  const parts = [title, ...sentences.slice(0, POSITION_WEIGHTS.length - 1)];
  let lexicon = 0;
  const hits: LexiconHit[] = [];
  let modelSignal = 0;
  let modelWeight = 0;
  parts.forEach((part, i) => {
    if (!part.trim()) return;
    const w = POSITION_WEIGHTS[i] ?? 0;
    const lex = lexiconScore(tokenize(part));
    lexicon += w * lex.score;
    hits.push(...lex.hits);
    if (i < 2) {
      const p = model.predict(part);
      modelSignal += w * (p.bullish - p.bearish);
      modelWeight += w;
    }
  });
  const modelPart = modelWeight ? modelSignal / modelWeight : 0;
  const signal = LEXICON_SHARE * Math.tanh(lexicon / 3) + (1 - LEXICON_SHARE) * modelPart;
  const sentiment: Sentiment =
    signal > NEUTRAL_BAND ? 'bullish' : signal < -NEUTRAL_BAND ? 'bearish' : 'neutral';
  return { sentiment, score: toSentimentScore(signal), signal, lexicon, model: modelPart, hits };
}
