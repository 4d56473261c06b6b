import type { To } from 'react-router';
import { PAGE_PATH_NAMES, PAGE_PATHS } from '@app/shared/app-routes';
import type { PagePathName } from '@app/shared/app-routes';
import { newsRouteSpecs } from './news-routes';
import { devRouteSpecs } from './dev-routes';
import { accountRouteSpecs } from './account-routes';
import { marketRouteSpecs } from './market-routes';
import type { AppRouteEntry, PageRouteEntry, RedirectContext, RouteSpec } from './route-types';
import { siteRouteSpecs } from './site-routes';
import { createPathMatcher } from './route-matching';

/**
 * THE route table (spec §2). Every screen of the product is one entry here; layouts, guards,
 * document meta and navigation visibility (`hasRoute`) are all derived from it.
 *
 * The paths are not written here: they are named in `PAGE_PATHS` (`@app/shared/app-routes`), the
 * one list that the server also reads for its 200/404 answers. This table is a
 * `Record<PagePathName, RouteSpec>` (route specs without their path; besides the redirects below
 * they come in groups: market-routes.ts, news-routes.ts, account-routes.ts, site-routes.ts and
 * dev-routes.ts), so TypeScript insists on exactly one spec per named path. To add a page
 * (/pages/prompt, /pages/ai_chat, /pricing …): add `name: '/the/path'` to PAGE_PATHS, then `tsc`
 * reports "Property 'name' is missing" on `routeSpecs` below until its spec is written. A spec
 * without a name in PAGE_PATHS is an error too. Only the catch-all (`NOT_FOUND_PATH`) stays
 * outside PAGE_PATHS, last in `appRoutes`.
 */

export const NOT_FOUND_PATH = '*';

/** Keeps the query string and hash of the current URL when redirecting to `pathname`. */
function keepQueryAndHash(pathname: string) {
  return ({ searchParams, hash }: RedirectContext): To => ({
    pathname,
    search: searchParams.size > 0 ? `?${searchParams.toString()}` : '',
    hash,
  });
}

/** The names of PAGE_PATHS that two groups of specs both give (a later spread would win silently). */
type SharedNames<Groups extends object[]> = Groups extends [
  infer First,
  ...infer Rest extends object[],
]
  ? | Extract<
        keyof First,
        Rest[number] extends infer Other ? (Other extends object ? keyof Other : never) : never
      >
    | SharedNames<Rest>
  : never;
type SpecGroups = [
  typeof marketRouteSpecs,
  typeof newsRouteSpecs,
  typeof accountRouteSpecs,
  typeof siteRouteSpecs,
  typeof devRouteSpecs,
];

/**
 * One spec per name of PAGE_PATHS; the type makes a missing or unknown name a compile error, and
 * a name that two groups give one too (it must be `never` then).
 */
const routeSpecs: Record<PagePathName, RouteSpec> & Record<SharedNames<SpecGroups>, never> = {
  news: { kind: 'redirect', guard: 'public', to: keepQueryAndHash(PAGE_PATHS.newsLatestAi) },
  analysis: {
    kind: 'redirect',
    guard: 'public',
    to: keepQueryAndHash(PAGE_PATHS.analysisLatest),
  },
  newsShortLink: {
    kind: 'redirect',
    guard: 'public',
    to: ({ params, searchParams, hash }) => {
      searchParams.set('id', params.newsId ?? '');
      return { pathname: PAGE_PATHS.newsView, search: `?${searchParams.toString()}`, hash };
    },
  },
  ...newsRouteSpecs,
  ...devRouteSpecs,
  ...marketRouteSpecs,
  ...accountRouteSpecs,
  ...siteRouteSpecs,
};

/** Any other path. */
const notFoundRoute: PageRouteEntry = {
  kind: 'page',
  path: NOT_FOUND_PATH,
  guard: 'public',
  page: () => import('../features/site/pages/not-found-page').then((m) => m.NotFoundPage),
  meta: { title: 'Page not found', noActionBar: true, layout: 'main' },
};

/** The entry of `spec` at `path`; `canonical: true` becomes the path itself. */
function routeEntry(path: string, spec: RouteSpec): AppRouteEntry {
  if (spec.kind === 'redirect') return { ...spec, path };
  const { canonical, ...meta } = spec.meta;
  return { ...spec, path, meta: canonical ? { ...meta, canonical: path } : meta };
}

/** The route table: the pages and redirects in PAGE_PATHS order, then the catch-all. */
export const appRoutes: readonly AppRouteEntry[] = [
  ...PAGE_PATH_NAMES.map((name) => routeEntry(PAGE_PATHS[name], routeSpecs[name])),
  notFoundRoute,
];

const matchesRoute = createPathMatcher(
  appRoutes.filter((route) => route.path !== NOT_FOUND_PATH).map((route) => route.path),
);
const routeAnswers = new Map<string, boolean>();

/**
 * Whether an internal link target (path, optionally with query and hash) has a route of its own,
 * the catch-all excluded. Navigation shows a link only when this is true, so links appear as soon
 * as a later issue adds their route to the table.
 */
export function hasRoute(target: string): boolean {
  if (!target.startsWith('/') || target.startsWith('//')) return false;
  const pathname = target.split(/[?#]/, 1)[0] ?? target;
  // The sidebar asks for each of its links on every render; the table never changes,
  // so each answer is kept (and found without `matchRoutes`: route-matching.ts).
  let known = routeAnswers.get(pathname);
  if (known === undefined) {
    known = matchesRoute(pathname);
    if (routeAnswers.size >= 1_000) routeAnswers.clear();
    routeAnswers.set(pathname, known);
  }
  return known;
}
