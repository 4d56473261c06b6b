/**
 * Features of the linear sentiment model: unigrams and bigrams of normalised tokens, with words
 * after a negator marked `not_…` so "not beat" and "beat" get separate weights, plus the directions
 * of reported figures (`sentiment-figures.ts`: "profit rose to X from Y", "the loss narrowed").
 */
import { lexiconScore } from './lexicon.ts';
import { figureFeatures } from './sentiment-figures.ts';
import { tokenize } from './text.ts';

/** The lexicon's verdict as a feature: its score cut into bands (`<lex:+2>` … `<lex:-2>`). */
function lexiconBand(score: number): string {
  const band =
    score >= 3
      ? 3
      : score >= 1.5
        ? 2
        : score > 0.5
          ? 1
          : score <= -3
            ? -3
            : score <= -1.5
              ? -2
              : score < -0.5
                ? -1
                : 0;
  return `<lex:${band > 0 ? '+' : ''}${band}>`;
}

const NEGATORS = new Set(['not', 'no', 'never', 'without', "don't", "didn't", "won't", "isn't"]);

/** Unigram and bigram features of one text (duplicates kept: counts matter). */
export function sentimentFeatures(raw: string): string[] {
  const tokens = tokenize(raw);
  const words = tokens.map((t) => t.text);
  const features: string[] = [];
  let negatedFor = 0;
  let previous = '<s>';
  for (const word of words) {
    const marked = negatedFor > 0 ? `not_${word}` : word;
    features.push(marked, `${previous} ${word}`);
    previous = word;
    negatedFor = NEGATORS.has(word) ? 3 : Math.max(0, negatedFor - 1);
  }
  features.push(...figureFeatures(raw));
  features.push(lexiconBand(lexiconScore(tokens).score));
  return features;
}
