/**
 * Characters a browser strips or rewrites before it resolves a URL (C0 and C1 controls, DEL) and
 * the backslash it reads as a slash: each can turn a path into `//other.host`.
 */
const AMBIGUOUS = /[\p{Cc}\\]/u;

/**
 * The path of our own site that a redirect may send the browser to: `next` resolved against our
 * origin by the WHATWG URL parser (as the browser will), or `fallback` when it would leave the
 * origin. The answer is the parser's normalised, percent-encoded `pathname + search + hash`, so
 * it is always a valid Location header. The server's redirects and the web app's `?next=` use it.
 */
export function safeRedirectPath(
  next: string | null | undefined,
  siteUrl: string,
  fallback = '/',
): string {
  if (!next || AMBIGUOUS.test(next)) return fallback;
  const origin = new URL(siteUrl).origin;
  let url: URL;
  try {
    url = new URL(next, origin);
  } catch {
    return fallback;
  }
  // A pathname that starts with `//` (from `/.//host`) would be read as another host.
  if (url.origin !== origin || url.pathname.startsWith('//')) return fallback;
  return url.pathname + url.search + url.hash;
}
