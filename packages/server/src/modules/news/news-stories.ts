/**
 * One card per story: the rules that tell whether two articles report the same story, by MinHash
 * over word shingles (Broder 1997) with locality-sensitive hashing to find candidates.
 *
 * An article's text (title, teaser and the start of its body) becomes the set of its 3-word
 * shingles; 64 hash functions each keep their smallest value over the set, and the share of equal
 * values of two signatures estimates the Jaccard similarity of the two sets. The 64 values are
 * cut into 32 bands of 2; articles sharing a band key are candidates (a GIN index on the keys
 * finds them), and a candidate is the same story when the estimate reaches
 * {@link STORY_THRESHOLD}, both name a common company (or neither names one), and they appeared
 * within {@link STORY_WINDOW_DAYS} of each other. The threshold is measured by `npm run
 * eval:stories` on a labelled set of pairs (test/fixtures/story-pairs).
 */

/** Hash functions in a signature. */
export const MINHASH_SIZE = 64;
/** Values per LSH band: 32 bands of 2 find pairs down to an estimated similarity of about 0.2. */
const BAND_ROWS = 2;
/** Estimated shingle Jaccard similarity at or above which two articles are one story. */
export const STORY_THRESHOLD = 0.3;
/** Articles further apart than this are separate stories, however alike (next quarter's results). */
export const STORY_WINDOW_DAYS = 3;
/** Characters of an article read for its signature: the news is at the top. */
const SIGNATURE_CHARS = 2_000;

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** MurmurHash3's finaliser: a well-mixed 32-bit value of a 32-bit input. */
function mix32(value: number): number {
  let h = value >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const SEEDS = Array.from({ length: MINHASH_SIZE }, (_, i) => mix32(0x9e3779b9 + i * 0x632be5ab));

/** Lowercase words and numbers of a text (`0.57`, `$13.1` and `13,100` stay one token each). */
export function storyTokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+(?:[.,'’][a-z0-9]+)*/g) ?? [];
}

/** The 3-word shingles of a text (its words when it has fewer than 3). */
export function shingles(text: string): Set<string> {
  const tokens = storyTokens(text.slice(0, SIGNATURE_CHARS));
  if (tokens.length < 3) return new Set(tokens);
  const set = new Set<string>();
  for (let i = 0; i + 2 < tokens.length; i++) {
    set.add(`${tokens[i]} ${tokens[i + 1]} ${tokens[i + 2]}`);
  }
  return set;
}

/** The text an article is compared by: title, teaser and body, as one string. */
export function storyText(article: { title: string; description: string; content: string }) {
  return [article.title, article.description, article.content].filter(Boolean).join('\n');
}

/** The MinHash signature of a text: {@link MINHASH_SIZE} signed 32-bit integers. */
export function minhash(text: string): number[] {
  const signature = new Array<number>(MINHASH_SIZE).fill(0xffffffff);
  for (const shingle of shingles(text)) {
    const base = fnv1a(shingle);
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const value = mix32(base ^ (SEEDS[i] ?? 0));
      if (value < (signature[i] ?? 0)) signature[i] = value;
    }
  }
  // PostgreSQL `integer` is signed.
  return signature.map((value) => value | 0);
}

/** The LSH band keys of a signature (signed 32-bit integers, the band's number mixed in). */
export function bandKeys(signature: readonly number[]): number[] {
  const keys: number[] = [];
  for (let band = 0; band * BAND_ROWS < signature.length; band++) {
    let h = mix32(band + 1);
    for (let row = 0; row < BAND_ROWS; row++) {
      h = mix32(h ^ Math.imul((signature[band * BAND_ROWS + row] ?? 0) >>> 0, 0x9e3779b1));
    }
    keys.push(h | 0);
  }
  return keys;
}

/** The share of equal values of two signatures: an estimate of their shingle sets' Jaccard. */
export function similarity(a: readonly number[], b: readonly number[]): number {
  const n = Math.min(a.length, b.length);
  if (n === 0) return 0;
  let equal = 0;
  for (let i = 0; i < n; i++) if (a[i] === b[i]) equal += 1;
  return equal / n;
}

/** What the story rules know of an article. */
export type StoryArticle = {
  signature: readonly number[];
  tickers: readonly string[];
  date: Date;
};

/** Whether two articles report the same story. */
export function sameStory(a: StoryArticle, b: StoryArticle, threshold = STORY_THRESHOLD): boolean {
  const apart = Math.abs(a.date.getTime() - b.date.getTime());
  if (apart > STORY_WINDOW_DAYS * 86_400_000) return false;
  const companies =
    (a.tickers.length === 0 && b.tickers.length === 0) ||
    a.tickers.some((ticker) => b.tickers.includes(ticker));
  return companies && similarity(a.signature, b.signature) >= threshold;
}
