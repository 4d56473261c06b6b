/** Longest title, in words, shown in full. */
export const MAX_TITLE_WORDS = 10;

/** Shown instead of a title containing the word "cookies". */
export const HIDDEN_TITLE = '---';

const COOKIES_WORD = /(?<![\p{L}\p{N}_])cookies(?![\p{L}\p{N}_])/iu;
const WHITESPACE_RUN = /\s+/u;

/** Display form of a news title: '---' if it has the word "cookies", else trimmed and cut to 10 words plus '…'. */
export function displayTitle(title: string | null | undefined): string {
  const trimmed = (title ?? '').trim();
  if (COOKIES_WORD.test(trimmed)) return HIDDEN_TITLE;
  const words = trimmed === '' ? [] : trimmed.split(WHITESPACE_RUN);
  if (words.length <= MAX_TITLE_WORDS) return trimmed;
  return `${words.slice(0, MAX_TITLE_WORDS).join(' ')}…`;
}
