/**
 * Text normalisation, tokenising and sentence splitting shared by every part of the offline
 * analyst (and by the sentiment-model trainer, so training and inference see the same tokens).
 */

/** One token of normalised text; `value` holds the magnitude of a number or percentage. */
export interface Token {
  text: string;
  value?: number;
  /**
   * A percentage written with its sign as a word of its own ("Brent +4%", "shares -3%"): the
   * move it reports, +1 or −1. Absent for an unsigned one and for a range ("3-5%").
   */
  sign?: 1 | -1;
}

/** Placeholder tokens the normaliser substitutes for URLs, cashtags, numbers and percentages. */
export const PLACEHOLDERS = {
  url: '<url>',
  cashtag: '<ticker>',
  percent: '<pct>',
  number: '<num>',
  money: '<money>',
} as const;

const URL_RE = /\bhttps?:\/\/\S+|\bwww\.\S+/gi;
const CASHTAG_RE = /\$[A-Za-z][A-Za-z.]{0,9}\b/g;
const MENTION_RE = /@\w+/g;
const TOKEN_RE =
  /<url>|<ticker>|[-+]?\$?\d[\d,]*(?:\.\d+)?\s?(?:%|percent\b|per cent\b|(?:billion|million|trillion|bn|mln)\b)?|[a-z]+(?:['’][a-z]+)?(?:-[a-z]+)*/g;

/** Longest input the analyst looks at; longer articles are cut (keeps cost bounded). */
export const MAX_TEXT_CHARS = 60_000;

/** Replaces URLs, cashtags and mentions with placeholder words and lowercases the text. */
export function normalizeText(raw: string): string {
  return raw
    .slice(0, MAX_TEXT_CHARS)
    .replace(URL_RE, ' <url> ')
    .replace(CASHTAG_RE, ' <ticker> ')
    .replace(MENTION_RE, ' ')
    .toLowerCase();
}

function numberToken(match: string): Token {
  const digits = match.replace(/[^\d.]/g, '');
  const value = Number.parseFloat(digits);
  const magnitude = Number.isFinite(value) ? value : 0;
  if (/%|percent|per cent/.test(match)) return { text: PLACEHOLDERS.percent, value: magnitude };
  if (match.includes('$') || /billion|million|trillion|bn|mln/.test(match)) {
    return { text: PLACEHOLDERS.money, value: magnitude };
  }
  return { text: PLACEHOLDERS.number, value: magnitude };
}

/** Splits raw text into normalised tokens (words, placeholders, numbers with their values). */
export function tokenize(raw: string): Token[] {
  const tokens: Token[] = [];
  const normalized = normalizeText(raw);
  for (const match of normalized.matchAll(TOKEN_RE)) {
    const text = match[0].replace('’', "'");
    if (!/\d/.test(text)) {
      tokens.push({ text });
      continue;
    }
    const token = numberToken(text);
    const before = normalized[match.index - 1];
    if (
      token.text === PLACEHOLDERS.percent &&
      /^[-+]/.test(text) &&
      (before === undefined || /[\s(]/.test(before))
    ) {
      token.sign = text.startsWith('+') ? 1 : -1;
    }
    tokens.push(token);
  }
  return tokens;
}

/** Token texts only, for feature extraction. */
export function tokenTexts(raw: string): string[] {
  return tokenize(raw).map((t) => t.text);
}

const ABBREVIATIONS = new Set([
  'u.s',
  'u.k',
  'e.u',
  'inc',
  'corp',
  'co',
  'ltd',
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'a.m',
  'p.m',
]);

/** Most sentences the analyst splits out of one article. */
export const MAX_SENTENCES = 400;

/**
 * Splits text into sentences on `.`, `!`, `?` (and line breaks) followed by a capital, digit or
 * quote, without splitting after common abbreviations (`U.S.`, `Inc.`, `Mr.`) or inside numbers.
 */
export function splitSentences(raw: string): string[] {
  const text = raw.slice(0, MAX_TEXT_CHARS).replace(/\s*\n\s*\n\s*/g, '\n');
  const sentences: string[] = [];
  let start = 0;
  const boundary = /([.!?]+["'”’)]?)(\s+)(?=["'“‘(]?[A-Z0-9$])|\n/g;
  for (const match of text.matchAll(boundary)) {
    const end = match.index + (match[1]?.length ?? 0);
    const candidate = text.slice(start, end).trim();
    if (match[0] !== '\n') {
      const lastWord = /([A-Za-z.]+)\.$/.exec(candidate)?.[1]?.toLowerCase() ?? '';
      if (ABBREVIATIONS.has(lastWord) || /^[a-z]$/i.test(lastWord)) continue;
    }
    if (candidate) sentences.push(candidate);
    start = match.index + match[0].length;
    if (sentences.length >= MAX_SENTENCES) return sentences;
  }
  const rest = text.slice(start).trim();
  if (rest) sentences.push(rest);
  return sentences;
}

/** English function words that carry no topic (used by ranking, not by sentiment). */
export const STOPWORDS = new Set(
  (
    'a an and are as at be been but by for from had has have he her his i in is it its of on or ' +
    'our she that the their them they this to was we were which who will with would said says ' +
    'than then there these those about after also into over more most up out so if can could ' +
    'may might its it’s per year years quarter company companies'
  ).split(' '),
);

/** Content words of a sentence: tokens minus stopwords and placeholders. */
export function contentWords(raw: string): string[] {
  return tokenTexts(raw).filter((t) => !STOPWORDS.has(t) && !t.startsWith('<') && t.length > 1);
}
