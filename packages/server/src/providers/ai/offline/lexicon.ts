/**
 * Our finance sentiment lexicon: words and phrases with weights from −3 (very bearish) to +3
 * (very bullish), scored with negation ("not", "fails to", "without" …) and intensity ("sharply",
 * "slightly", the size of a nearby percentage) handling.
 *
 * Phrases are space-separated tokens as produced by `tokenize`; a trailing `*` matches any word
 * with that prefix (`raise*` matches raises, raised, raising); `?` matches any one word.
 */
import { BAD_QUANTITIES, INTENSIFIERS, NEGATOR_PAIRS, NEGATORS } from './lexicon-modifiers.ts';
import { ENTRIES } from './lexicon-terms.ts';
import { PLACEHOLDERS, type Token } from './text.ts';

interface Entry {
  words: string[];
  weight: number;
}

const BY_FIRST_WORD = new Map<string, Entry[]>();
const BY_PREFIX: { prefix: string; entries: Entry[] }[] = [];

for (const [phrase, weight] of Object.entries(ENTRIES)) {
  const words = phrase.split(' ');
  const first = words[0] ?? '';
  const entry = { words, weight };
  if (first.endsWith('*')) {
    const prefix = first.slice(0, -1);
    const group = BY_PREFIX.find((g) => g.prefix === prefix);
    if (group) group.entries.push(entry);
    else BY_PREFIX.push({ prefix, entries: [entry] });
  } else {
    const list = BY_FIRST_WORD.get(first) ?? [];
    list.push(entry);
    BY_FIRST_WORD.set(first, list);
  }
}

function wordMatches(pattern: string, word: string | undefined): boolean {
  if (word === undefined) return false;
  if (pattern === '?') return true;
  if (!pattern.endsWith('*')) return pattern === word;
  const prefix = pattern.slice(0, -1);
  // `fraud*` must not match `fraud-detection`: a prefix never reaches across a hyphen.
  return word.startsWith(prefix) && !word.slice(prefix.length).includes('-');
}

/** Entries that can start at a word, memoised (words repeat; the prefix scan is the hot path). */
const CANDIDATES = new Map<string, Entry[]>();
const MAX_MEMO = 50_000;

function candidates(word: string): Entry[] {
  const memo = CANDIDATES.get(word);
  if (memo) return memo;
  const out = [...(BY_FIRST_WORD.get(word) ?? [])];
  for (const g of BY_PREFIX) {
    if (word.startsWith(g.prefix) && !word.slice(g.prefix.length).includes('-')) {
      out.push(...g.entries);
    }
  }
  if (CANDIDATES.size >= MAX_MEMO) CANDIDATES.clear();
  CANDIDATES.set(word, out);
  return out;
}

/** One lexicon hit, for explaining a score. */
export interface LexiconHit {
  phrase: string;
  /** Weight after negation and intensity. */
  weight: number;
  negated: boolean;
}

/** Lexicon score of a token sequence (sum of adjusted hits) and the hits. */
export interface LexiconScore {
  score: number;
  hits: LexiconHit[];
}

/** Movement words whose direction flips after a bad quantity. */
const MOVEMENTS =
  /^(?:ris\w*|rose|fall\w*|fell|climb\w*|jump\w*|drop\w*|declin\w*|surg\w*|soar\w*|plung\w*|tumbl\w*|slump\w*|sink\w*|sank|slid\w*|higher|lower|up|down|increas\w*|gain\w*|doubl\w*|halv\w*|record|highest|lowest)$/;
const RATE_WORDS = new Set(['rate', 'rates']);
const EASING = /^(?:cut\w*|lower\w*|reduc\w*|slash\w*)$/;
const TIGHTENING = /^(?:rais\w*|hike\w*|increas\w*|lift\w*)$/;

/** −1 when a movement word follows a bad quantity ("jobless claims rise"), else 1. */
function polarity(tokens: readonly Token[], at: number): number {
  if (!MOVEMENTS.test(tokens[at]?.text ?? '')) return 1;
  for (let i = Math.max(0, at - 3); i < at; i++) {
    if (BAD_QUANTITIES.has(tokens[i]?.text ?? '')) return -1;
  }
  return BAD_QUANTITIES.has(tokens[at + 1]?.text ?? '') ? -1 : 1;
}

/** Whether a bad quantity (costs, debt, jobless claims …) comes just before `at`. */
function badQuantityBefore(tokens: readonly Token[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i++) {
    if (BAD_QUANTITIES.has(tokens[i]?.text ?? '')) return true;
  }
  return false;
}

/** Central-bank wording: "cuts (its key) rate" is bullish, "raises rates" bearish. */
function rateDirection(tokens: readonly Token[], at: number): number {
  const verb = tokens[at]?.text ?? '';
  const direction = EASING.test(verb) ? 1.5 : TIGHTENING.test(verb) ? -1.5 : 0;
  if (!direction) return 0;
  for (let i = at + 1; i < Math.min(tokens.length, at + 5); i++) {
    if (RATE_WORDS.has(tokens[i]?.text ?? '')) return direction;
  }
  return 0;
}

function isNegated(tokens: readonly Token[], at: number): boolean {
  for (let i = Math.max(0, at - 3); i < at; i++) {
    const w = tokens[i]?.text ?? '';
    if (NEGATORS.has(w)) return true;
    if (NEGATOR_PAIRS.has(`${w} ${tokens[i + 1]?.text ?? ''}`)) return true;
  }
  return false;
}

function intensity(tokens: readonly Token[], at: number, end: number): number {
  let factor = 1;
  for (let i = Math.max(0, at - 2); i < Math.min(tokens.length, end + 2); i++) {
    if (i >= at && i < end) continue;
    const f = INTENSIFIERS[tokens[i]?.text ?? ''];
    if (f !== undefined) factor *= f;
  }
  // The size of a percentage right after the term ("plunged 30%") scales it.
  for (let i = end; i < Math.min(tokens.length, end + 4); i++) {
    const t = tokens[i];
    if (t?.text !== PLACEHOLDERS.percent || t.value === undefined) continue;
    const size = Math.abs(t.value);
    factor *= size >= 20 ? 1.6 : size >= 10 ? 1.35 : size >= 5 ? 1.1 : size < 1 ? 0.6 : 0.85;
    break;
  }
  return factor;
}

/** Scores tokens against the lexicon, longest phrase first, with negation and intensity. */
export function lexiconScore(tokens: readonly Token[]): LexiconScore {
  const hits: LexiconHit[] = [];
  let score = 0;
  let i = 0;
  while (i < tokens.length) {
    const word = tokens[i]?.text ?? '';
    const rate = rateDirection(tokens, i);
    if (rate) {
      const weight = rate * (isNegated(tokens, i) ? -0.8 : 1);
      hits.push({ phrase: `${word} … rate`, weight, negated: weight * rate < 0 });
      score += weight;
      i++;
      continue;
    }
    const sign = tokens[i]?.sign;
    if (sign) {
      // A signed percentage reports a move ("Brent +4%"), read like "rose" or "fell" (and the
      // other way round after a bad quantity: "costs +5%").
      const weight = 1.2 * sign * (badQuantityBefore(tokens, i) ? -1 : 1);
      hits.push({ phrase: sign > 0 ? '+%' : '-%', weight, negated: false });
      score += weight;
      i++;
      continue;
    }
    let best: Entry | undefined;
    for (const entry of candidates(word)) {
      if (best && entry.words.length <= best.words.length) continue;
      if (entry.words.every((p, k) => wordMatches(p, tokens[i + k]?.text))) best = entry;
    }
    if (!best) {
      i++;
      continue;
    }
    const end = i + best.words.length;
    const negated = isNegated(tokens, i);
    const weight =
      best.weight * (negated ? -0.8 : 1) * polarity(tokens, i) * intensity(tokens, i, end);
    if (weight !== 0) {
      hits.push({ phrase: best.words.join(' '), weight, negated });
      score += weight;
    }
    i = end;
  }
  return { score, hits };
}
