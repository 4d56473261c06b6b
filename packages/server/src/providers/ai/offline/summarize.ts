/**
 * Extractive summaries: sentences ranked by TF-IDF centrality (cosine similarity to the rest of
 * the article), overlap with the title and position (wire stories put the news first).
 */
import type { SourceSentence } from '../ai-provider.ts';
import { jaccard, NEAR_DUPLICATE, sentenceWords } from './sentence-diversity.ts';
import { contentWords } from './text.ts';

/** Longest summary, in characters (a second sentence is added only if it fits). */
const SUMMARY_CHARS = 320;
/** Longest paragraph, in characters. */
const PARAGRAPH_CHARS = 900;
/** Sentences considered for ranking (the centrality step is quadratic). */
const RANKED_SENTENCES = 60;

type Vector = Map<string, number>;

function vectorize(words: readonly string[], idf: ReadonlyMap<string, number>): Vector {
  const v: Vector = new Map();
  for (const w of words) v.set(w, (v.get(w) ?? 0) + (idf.get(w) ?? 1));
  return v;
}

function cosine(a: Vector, b: Vector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [w, x] of a) {
    na += x * x;
    const y = b.get(w);
    if (y !== undefined) dot += x * y;
  }
  for (const y of b.values()) nb += y * y;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Ranking score of each sentence (same order as `sentences`). */
export function rankSentences(title: string, sentences: readonly string[]): number[] {
  const considered = sentences.slice(0, RANKED_SENTENCES);
  const words = considered.map((s) => contentWords(s));
  const df = new Map<string, number>();
  for (const ws of words) for (const w of new Set(ws)) df.set(w, (df.get(w) ?? 0) + 1);
  const n = considered.length;
  const idf = new Map([...df].map(([w, d]) => [w, Math.log((n + 1) / d) + 1]));
  const vectors = words.map((ws) => vectorize(ws, idf));
  const titleVector = vectorize(contentWords(title), idf);
  return sentences.map((sentence, i) => {
    const v = vectors[i];
    if (!v) return 0;
    let centrality = 0;
    vectors.forEach((other, j) => {
      if (j !== i) centrality += cosine(v, other);
    });
    centrality /= Math.max(1, n - 1);
    const titleOverlap = cosine(v, titleVector);
    const position = 1 / (1 + i);
    const length = sentence.length < 30 ? 0.5 : sentence.length > 400 ? 0.7 : 1;
    return (0.35 * centrality + 0.35 * titleOverlap + 0.3 * position) * length;
  });
}

/** An extractive text and the sentences it was built from. */
export interface Extract {
  text: string;
  sources: SourceSentence[];
}

/**
 * Labels and disclaimers a publisher appends to a story ('Demo data: synthetic news …', 'This
 * article is not investment advice.'): they say nothing about the news, so a summary that quotes
 * them reads as filler. The article page still shows them in the full text.
 */
const BOILERPLATE =
  /^(?:demo data:|this (?:article|story|content|report) (?:is|was) (?:not|generated|provided|produced|written)|not (?:financial|investment) advice|(?:this|the) (?:information|article) (?:above )?(?:is|does) not (?:constitute|represent|financial|investment)|(?:disclosure|disclaimer):|forward-looking statements?\b)/i;

/** Whether a sentence is a label or disclaimer rather than part of the news. */
export function isBoilerplate(sentence: string): boolean {
  return BOILERPLATE.test(sentence.trim());
}

/** How much similarity to already chosen sentences costs a candidate (maximal marginal relevance). */
const REDUNDANCY_PENALTY = 0.7;

/**
 * Picks sentences by maximal marginal relevance within `budget` characters: each round takes the
 * sentence whose score, discounted by its word overlap with those already chosen, is highest.
 * Near-duplicates of a chosen sentence (normalised Jaccard ≥ 0.8) are never taken, so a text that
 * repeats itself (a teaser that is also the first paragraph) is summarised once. Markdown list
 * items, table rows and other lines that do not end like a sentence are left out while there is
 * prose to pick from, and so are labels and disclaimers ({@link isBoilerplate}) while there is news.
 */
function pick(sentences: readonly string[], scores: readonly number[], budget: number): Extract {
  const words = sentences.map(sentenceWords);
  // Prose ends like a sentence; list items, their introductions ('Top gainers:') and the pieces
  // of a list line split at an abbreviation do not.
  const prose = sentences.map(
    (s) => !/^\s*(?:[-*|]|\d+\.\s)/.test(s) && /[.!?]["'”’)]?$/.test(s.trim()),
  );
  const anyProse = prose.some(Boolean);
  const news = sentences.map((s) => !isBoilerplate(s));
  const anyNews = news.some(Boolean);
  const candidates = new Set(
    scores
      .map((_, index) => index)
      .filter((index) => (!anyProse || prose[index]) && (!anyNews || news[index])),
  );
  const chosen: number[] = [];
  let used = 0;
  while (candidates.size > 0 && used < budget) {
    let best = -1;
    let bestValue = -Infinity;
    for (const index of candidates) {
      const own = words[index] ?? new Set<string>();
      let overlap = 0;
      for (const other of chosen) overlap = Math.max(overlap, jaccard(own, words[other] ?? own));
      if (overlap >= NEAR_DUPLICATE) {
        candidates.delete(index);
        continue;
      }
      const value = (scores[index] ?? 0) * (1 - REDUNDANCY_PENALTY * overlap);
      if (value > bestValue || (value === bestValue && index < best)) {
        best = index;
        bestValue = value;
      }
    }
    if (best < 0) break;
    candidates.delete(best);
    const length = (sentences[best] ?? '').length + 1;
    if (chosen.length > 0 && used + length > budget) continue;
    chosen.push(best);
    used += length;
  }
  chosen.sort((a, b) => a - b);
  const sources = chosen.map((index) => ({ index, text: sentences[index] ?? '' }));
  const text = sources.map((s) => s.text).join(' ');
  return { text: text.length > budget ? `${text.slice(0, budget - 1).trimEnd()}…` : text, sources };
}

/** Longest list the paragraph carries after its prose, in characters. */
const LIST_CHARS = 1_200;

/**
 * The first markdown list of a text with the line that introduces it ('Average day change by
 * GICS sector:'), as markdown, or '' when the text has none: the paragraph shows a brief's
 * figures as the list they are, never as run-on prose.
 */
export function firstList(text: string): string {
  const lines = text.split('\n');
  const start = lines.findIndex((line) => /^\s*-\s+\S/.test(line));
  if (start < 0) return '';
  const items: string[] = [];
  let used = 0;
  for (const line of lines.slice(start)) {
    if (!/^\s*-\s+\S/.test(line)) break;
    if (used + line.length + 1 > LIST_CHARS) break;
    items.push(line.trim());
    used += line.length + 1;
  }
  const intro = lines[start - 1]?.trim() ?? '';
  // The introduction ends a paragraph line ('… rose on average. Average day change by sector:').
  const heading = /:$/.test(intro) ? (intro.split(/(?<=[.!?])\s+/).at(-1) ?? '') : '';
  return [heading, ...items].filter(Boolean).join('\n');
}

/** The summary (one or two top sentences) and the paragraph (several) of an article. */
export function summarize(
  title: string,
  sentences: readonly string[],
): { summary: Extract; paragraph: Extract } {
  if (sentences.length === 0) {
    const text = title.trim();
    return { summary: { text, sources: [] }, paragraph: { text, sources: [] } };
  }
  const scores = rankSentences(title, sentences);
  return {
    summary: pick(sentences, scores, SUMMARY_CHARS),
    paragraph: pick(sentences, scores, PARAGRAPH_CHARS),
  };
}
