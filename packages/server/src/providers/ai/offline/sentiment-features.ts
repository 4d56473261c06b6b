/**
 * Features of the linear sentiment model: unigrams and bigrams of normalised tokens, with words
 * after a negator marked `not_…` so "not beat" and "beat" get separate weights.
 */
import { tokenTexts } from './text.ts';

const NEGATORS = new Set(['not', 'no', 'never', 'without', "don't", "didn't", "won't", "isn't"]);

/** Unigram and bigram features of one text (duplicates kept: counts matter). */
export function sentimentFeatures(raw: string): string[] {
  const words = tokenTexts(raw);
  const features: string[] = [];
  let negatedFor = 0;
  let previous = '<s>';
  for (const word of words) {
    const marked = negatedFor > 0 ? `not_${word}` : word;
    features.push(marked, `${previous} ${word}`);
    previous = word;
    negatedFor = NEGATORS.has(word) ? 3 : Math.max(0, negatedFor - 1);
  }
  return features;
}
