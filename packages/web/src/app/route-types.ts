import type { Params, To } from 'react-router';
import type { PageLoader } from './lazy-page';

/*
 * The types of the route table (routes.tsx) and of its groups of specs, and the meta of a page
 * of the auth layout.
 */

/**
 * Who may open a route; enforced by the route guard (app/route-guard.tsx). 'dev': users with
 * my_dev_interface (the developer gallery).
 */
export type RouteGuard = 'public' | 'user' | 'admin' | 'dev';

export type RouteLayout = 'main' | 'auth';

export interface RouteMeta {
  /** Page title; the document title becomes `{title} · StockPulse`. */
  title: string;
  /** `<meta name="description">`; the site description is used when absent. */
  description?: string;
  /** Canonical path (e.g. '/'); the link is `window.location.origin` + this path. */
  canonical?: string;
  /** Full-page background image of the auth layout (URL). */
  backgroundImage?: string;
  /** Full-page background video of the auth layout (URL); wins over the image. */
  backgroundVideo?: string;
  hideFooter?: boolean;
  /** The page draws its own surface: the layout renders it edge to edge, without a content frame. */
  hideContent?: boolean;
  /** No action bar (the slim search bar under the top bar) in the main layout. */
  noActionBar?: boolean;
  layout: RouteLayout;
}

export interface RedirectContext {
  params: Params;
  /** A copy: free to modify. */
  searchParams: URLSearchParams;
  /** Including the leading '#', or ''. */
  hash: string;
}

interface RouteEntryBase {
  /** react-router path pattern ('/n/:newsId', '*'): a PAGE_PATHS value or NOT_FOUND_PATH. */
  path: string;
  guard: RouteGuard;
}

export interface PageRouteEntry extends RouteEntryBase {
  kind: 'page';
  /** Lazy chunk resolving to the page component. */
  page: PageLoader;
  meta: RouteMeta;
}

/** Redirects run in the client so they can keep the URL hash (loaders never see it). */
export interface RedirectRouteEntry extends RouteEntryBase {
  kind: 'redirect';
  to: (context: RedirectContext) => To;
}

export type AppRouteEntry = PageRouteEntry | RedirectRouteEntry;

/** Meta as written in the table: `canonical: true` makes the page's own path its canonical link. */
export type RouteSpecMeta = Omit<RouteMeta, 'canonical'> & { canonical?: true };

/** A page of the table before its path is added from PAGE_PATHS. */
export type PageRouteSpec = Omit<PageRouteEntry, 'path' | 'meta'> & { meta: RouteSpecMeta };

/** A redirect of the table before its path is added from PAGE_PATHS. */
export type RedirectRouteSpec = Omit<RedirectRouteEntry, 'path'>;

export type RouteSpec = PageRouteSpec | RedirectRouteSpec;

const BACKGROUND = '/backgrounds/market-night.svg';

/** Meta of a page of the auth layout: full-page background, no action bar. */
export function authPage(meta: Omit<RouteSpecMeta, 'layout'>): RouteSpecMeta {
  return { backgroundImage: BACKGROUND, noActionBar: true, ...meta, layout: 'auth' };
}
