import { matchPath } from 'react-router';

/** A path pattern with a parameter, an optional segment or a splat (`:id`, `seg?`, `*`). */
function isDynamic(pattern: string): boolean {
  return /[:*?]/.test(pattern);
}

/** How react-router compares a plain path: trailing slashes dropped, case ignored. */
function normalized(pathname: string): string {
  return (pathname.replace(/\/+$/, '') || '/').toLowerCase();
}

/** react-router's decoding of a URL path before matching (each segment, `/` kept encoded). */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * Whether a path (query and hash ignored) matches one of `patterns` as react-router's `matchRoutes` would match a
 * flat table of those paths (case-insensitive, trailing slashes allowed, decoded).
 * `matchRoutes` flattens, explodes and ranks the whole table — and compiles a regular expression
 * per route — on every call; navigation asks for each of its links, 10–15 ms of the company page's
 * first render. Plain paths are a set here, and only the few patterns with parameters are matched
 * one by one (`route-matching.test.ts` compares the answers with `matchRoutes`).
 */
export function createPathMatcher(patterns: readonly string[]): (target: string) => boolean {
  const plain = new Set(patterns.filter((pattern) => !isDynamic(pattern)).map(normalized));
  const dynamic = patterns.filter(isDynamic);
  return (target) => {
    const decoded = decodedPath(target.split(/[?#]/, 1)[0] ?? target);
    if (plain.has(normalized(decoded))) return true;
    return dynamic.some((path) => matchPath({ path, caseSensitive: false, end: true }, decoded));
  };
}
