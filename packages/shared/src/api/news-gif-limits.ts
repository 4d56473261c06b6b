/* The limits of `/news/gif?keywords=` (news-gif.ts re-exports them): no zod here, so the web
 * app's fetcher imports them without the schemas. */

/** At most this many keywords in `/news/gif?keywords=`, each at most NEWS_GIF_MAX_KEYWORD_LENGTH. */
export const NEWS_GIF_MAX_KEYWORDS = 10;
export const NEWS_GIF_MAX_KEYWORD_LENGTH = 40;
