import { ANIMATIONS, DEFAULT_ANIMATION_ID, findAnimation, type Animation } from './catalogue.ts';

const STOPWORDS = new Set(['a', 'an', 'and', 'the', 'of', 'to', 'in', 'on', 'for', 'is', 'at']);

/** Stemming-lite: enough to meet `rates`/`rate`, `falling`/`fall`, `bullish`/`bull`. */
export function stem(word: string): string {
  let w = word.replace(/['’]s$/, '');
  const undouble = (s: string) =>
    /([b-df-hj-np-tv-z])\1$/.test(s) && !/(ll|ss)$/.test(s) ? s.slice(0, -1) : s;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) w = undouble(w.slice(0, -3));
  else if (w.length > 4 && w.endsWith('ed')) w = undouble(w.slice(0, -2));
  else if (w.length > 4 && /(s|x|ch|sh)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 5 && w.endsWith('ish')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ly')) w = w.slice(0, -2);
  else if (w.length > 5 && w.endsWith('er')) w = w.slice(0, -2);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  return w;
}

/** Lower-cased stemmed words of a phrase, no stopwords (`Ringing the bell` → `ring bell`). */
export function tokens(phrase: string): string[] {
  return phrase
    .toLowerCase()
    .split(/[^a-z0-9&]+/)
    .filter((word) => word && !STOPWORDS.has(word))
    .map(stem);
}

interface Indexed {
  animation: Animation;
  phrases: string[][];
}

const INDEX: Indexed[] = ANIMATIONS.map((animation) => ({
  animation,
  phrases: animation.keywords.map(tokens).filter((phrase) => phrase.length > 0),
}));

function containsRun(haystack: readonly string[], needle: readonly string[]): boolean {
  for (let start = 0; start + needle.length <= haystack.length; start++) {
    if (needle.every((word, i) => haystack[start + i] === word)) return true;
  }
  return false;
}

/**
 * How well one keyword fits one animation: 3 when it is one of its phrases, 2 when it contains
 * one (`fed rate cut` holds `fed`), 1 when it shares a word of four letters or more with a
 * longer phrase (`bell` and `ringing the bell`), else 0.
 */
function fit(keyword: readonly string[], phrases: readonly string[][]): number {
  let best = 0;
  for (const phrase of phrases) {
    if (phrase.length === keyword.length && containsRun(keyword, phrase)) return 3;
    if (containsRun(keyword, phrase)) best = Math.max(best, 2);
    else if (keyword.some((word) => word.length >= 4 && phrase.includes(word))) {
      best = Math.max(best, 1);
    }
  }
  return best;
}

/**
 * The bundled animation for the analyst's GIF keywords: the one the best-fitting keyword fits
 * best; on a tie the earlier catalogue entry (topics before moods); when nothing fits, the calm
 * line.
 */
export function chooseAnimation(keywords: readonly string[]): Animation {
  const words = keywords.map(tokens).filter((keyword) => keyword.length > 0);
  let chosen: Animation | undefined;
  let bestScore = 0;
  for (const { animation, phrases } of INDEX) {
    const score = Math.max(0, ...words.map((keyword) => fit(keyword, phrases)));
    if (score > bestScore) {
      bestScore = score;
      chosen = animation;
    }
  }
  return chosen ?? (findAnimation(DEFAULT_ANIMATION_ID) as Animation);
}
