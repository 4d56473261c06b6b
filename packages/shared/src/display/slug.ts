const NOT_ALPHANUMERIC_OR_SPACE = /[^\p{L}\p{N}\s]/gu;
const WHITESPACE_RUN = /\s+/gu;
const TRAILING_UNDERSCORES = /_+$/u;

/** Ellipsis appended to a slug that was cut short; it is not counted in `maxLength`. */
export const SLUG_ELLIPSIS = '…';

/** Builds the upper-case URL-fragment slug of a news title, cut at `maxLength` characters (ellipsis not counted). */
export function newsSlug(title: string, maxLength: number): string {
  const slug = title
    .replace(NOT_ALPHANUMERIC_OR_SPACE, '')
    .trim()
    .replace(WHITESPACE_RUN, '_')
    .toUpperCase();
  const chars = Array.from(slug);
  const limit = Number.isNaN(maxLength) ? 0 : Math.max(0, Math.floor(maxLength));
  if (chars.length <= limit) return slug;
  const kept = chars.slice(0, limit).join('').replace(TRAILING_UNDERSCORES, '');
  return kept === '' ? '' : kept + SLUG_ELLIPSIS;
}

/** Builds an article link `/n/{newsId}#{SLUG}`; the `#` is omitted when the title yields no slug. */
export function newsLink(newsId: string | number, title: string, maxLength = 80): string {
  const path = `/n/${encodeURIComponent(String(newsId))}`;
  const slug = newsSlug(title, maxLength);
  return slug === '' ? path : `${path}#${slug}`;
}
