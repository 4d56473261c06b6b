/**
 * Near-duplicate sentences: what no summary, paragraph, brief or analysis may contain twice.
 * Sentences are compared as sets of normalised words (lowercase letters and digits, so "+0.57%"
 * and "0.57 %" are one word and punctuation or markup never hides a repeat) by Jaccard similarity.
 */
import { splitSentences } from './text.ts';

/** Jaccard similarity of two sentences' word sets at or above which they say the same thing. */
export const NEAR_DUPLICATE = 0.8;

/** The words of a sentence as compared: lowercase letters and digits only. */
export function sentenceWords(sentence: string): Set<string> {
  const words = sentence
    .toLowerCase()
    .replace(/(\d)[.,](\d)/g, '$1$2')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return new Set(words);
}

/** |A ∩ B| / |A ∪ B| of two word sets (1 for two empty sets). */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** Whether two sentences are the same or near-duplicates. */
export function isNearDuplicate(a: string, b: string): boolean {
  return jaccard(sentenceWords(a), sentenceWords(b)) >= NEAR_DUPLICATE;
}

/**
 * Keeps the first of each group of near-duplicate sentences (indexes into `sentences`, in order).
 * Sentences without any word (a lone marker, a bullet) are always kept.
 */
export function distinctSentenceIndexes(sentences: readonly string[]): number[] {
  const kept: number[] = [];
  const keptWords: Set<string>[] = [];
  sentences.forEach((sentence, index) => {
    const words = sentenceWords(sentence);
    if (words.size > 0 && keptWords.some((other) => jaccard(words, other) >= NEAR_DUPLICATE)) {
      return;
    }
    kept.push(index);
    if (words.size > 0) keptWords.push(words);
  });
  return kept;
}

/**
 * Pairs of sentences of `text` that repeat each other (normalised Jaccard ≥ {@link NEAR_DUPLICATE}),
 * markdown list markers, citation markers and headings ignored: what the tests count.
 */
export function repeatedSentences(text: string): [string, string][] {
  const sentences = splitSentences(
    text
      .replace(/\[\d+\]/g, ' ')
      .replace(/^\s*(?:#+|[-*]|\d+\.)\s+/gm, '')
      .replace(/\|/g, ' '),
  ).filter((sentence) => sentenceWords(sentence).size >= 3);
  const pairs: [string, string][] = [];
  const words = sentences.map(sentenceWords);
  for (let i = 0; i < sentences.length; i++) {
    for (let j = i + 1; j < sentences.length; j++) {
      const a = words[i];
      const b = words[j];
      if (a && b && jaccard(a, b) >= NEAR_DUPLICATE) {
        pairs.push([sentences[i] ?? '', sentences[j] ?? '']);
      }
    }
  }
  return pairs;
}

/**
 * A filter that lets each sentence through once: `fresh(text)` returns `text` without the
 * sentences already let through (by this filter) or near-duplicates of them.
 */
export function sentenceMemory() {
  const seen: Set<string>[] = [];
  const remember = (text: string) => {
    for (const sentence of splitSentences(text)) {
      const words = sentenceWords(sentence);
      if (words.size >= 3) seen.push(words);
    }
  };
  return {
    remember,
    fresh(text: string): string {
      const kept = splitSentences(text).filter((sentence) => {
        const words = sentenceWords(sentence);
        if (words.size < 3) return true;
        if (seen.some((other) => jaccard(words, other) >= NEAR_DUPLICATE)) return false;
        seen.push(words);
        return true;
      });
      return kept.join(' ');
    },
  };
}
