/**
 * Path patterns of every page the web app serves (spec §2 route table), shared by the web route
 * table and the server, which answers other non-API paths with HTTP 404. `:name` matches one
 * segment, a trailing `*` any rest. Later issues append their routes here and in the web table.
 */
export const APP_ROUTE_PATTERNS = [
  '/',
  '/news',
  '/analysis',
  '/analysis/latest',
  '/analysis/:symbol',
  '/n/:newsId',
  '/error',
  '/about',
  '/cookies',
  '/terms',
  '/privacy',
  '/register',
  '/login',
  '/lock',
  '/password_recovery',
  '/please_wait',
  '/pages/user',
  '/admin/panel',
  '/dashboard',
  '/company/view',
  '/ticker/:symbol',
  '/company/explore',
  '/company/news',
  '/stock/register',
  '/search',
  '/home',
  '/news/latest_ai',
  '/news/latest',
  '/news/bullish',
  '/news/bearish',
  '/news/defcon',
  '/news/class/:type',
  '/news/publisher/:type',
  '/news/my_portfolio',
  '/news/experiments',
  '/news/view',
] as const;

function segments(path: string): string[] {
  return path.split('/').filter(Boolean);
}

/** True when `pattern` matches `pathname` (trailing slashes ignored, case-sensitive). */
export function matchesRoutePattern(pattern: string, pathname: string): boolean {
  const want = segments(pattern);
  const got = segments(pathname);
  for (let i = 0; i < want.length; i += 1) {
    const part = want[i] ?? '';
    if (part === '*') return true;
    const value = got[i];
    if (value === undefined) return false;
    if (!part.startsWith(':') && part !== value) return false;
  }
  return want.length === got.length;
}

/** True when the web app has a page for `pathname`. */
export function isAppRoute(pathname: string, patterns: readonly string[] = APP_ROUTE_PATTERNS) {
  return patterns.some((pattern) => matchesRoutePattern(pattern, pathname));
}
