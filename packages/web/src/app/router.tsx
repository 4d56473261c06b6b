import { lazy, Suspense, useMemo } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RouteObject } from 'react-router';
import { useCurrentUser } from '../features/users/api/current-user';
import { deferredComponent } from '../lib/deferred-component';
import { readyModule } from '../lib/ready-module';
import { SearchBox } from '../features/search/components/search-box';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { loadPage } from './lazy-page';
import type { PageLoader as PageChunk } from './lazy-page';
import { PageLoader } from './page-loader';
import { trackPageLoad } from './page-loading';
import { RedirectRoute } from './redirect-route';
import { RootRoute } from './root-route';
import { RouteHandleContext } from './route-handle';
import type { RouteHandle } from './route-handle';
import { RouteErrorBoundary } from './route-error-page';
import { appRoutes } from './routes';
import type { AppRouteEntry, RouteLayout } from './route-types';

/*
 * The route table drawn by react-router's declarative routes (`useRoutes`), not its data router:
 * the app loads no data through the router (TanStack Query does), so the data router's ~17 KB
 * (gzip) of loaders, fetchers and revalidation were carried on every page for its lazy routes,
 * `handle`s, error elements, navigation state and scroll restoration alone. Those are here:
 * pages are `React.lazy` (a navigation is a transition, so the current page stays until the next
 * one's chunk is in; `page-loading.ts` counts it for the progress bar), handles are matched once
 * per location (`RouteHandleContext`), errors are caught per route (`RouteErrorBoundary`) and
 * scrolling is restored by `scroll-restoration.ts`.
 */

function NoUserMenu() {
  return null;
}

/**
 * The sidebar's user menu is not part of a page's first load (lib/deferred-component.tsx), and a
 * visitor without a session (every page the server draws) never loads it.
 */
const { Component: DeferredUserMenu } = deferredComponent<object>(
  () => import('./layouts/user-menu').then((module) => module.UserMenu),
  { fallback: NoUserMenu, unavailable: NoUserMenu },
);

function UserMenu() {
  return useCurrentUser().token === null ? null : <DeferredUserMenu />;
}

/** Page components whose chunk has arrived, by the table's loader. */
const loadedPages = new WeakMap<PageChunk, ComponentType>();

/**
 * The page of `chunk` as a lazy component. When the chunk is already in (`preloadRoute`, before
 * the first render or a server render) it is handed over synchronously (`readyModule`), so
 * hydration and `renderToString` draw the page itself; otherwise the first render suspends until
 * the chunk arrives.
 */
function lazyPage(chunk: PageChunk): LazyExoticComponent<ComponentType> {
  return lazy(() => {
    const loaded = loadedPages.get(chunk);
    if (loaded !== undefined) return readyModule(loaded);
    return trackPageLoad(loadPage(chunk)).then((Page) => {
      loadedPages.set(chunk, Page);
      return { default: Page };
    });
  });
}

/** The chunk of each page route, for `preloadRoute`. */
const pageChunks = new WeakMap<RouteObject, PageChunk>();

function toRouteObject(entry: AppRouteEntry): RouteObject {
  if (entry.kind === 'redirect') {
    const handle: RouteHandle = { guard: entry.guard };
    return { path: entry.path, handle, element: <RedirectRoute to={entry.to} /> };
  }
  const handle: RouteHandle = { guard: entry.guard, meta: entry.meta };
  const Page = lazyPage(entry.page);
  const route: RouteObject = {
    path: entry.path,
    handle,
    // Errors of a page render inside its layout, so the menus stay usable.
    element: (
      <RouteErrorBoundary>
        <Page />
      </RouteErrorBoundary>
    ),
  };
  pageChunks.set(route, entry.page);
  return route;
}

function pagesOf(entries: readonly AppRouteEntry[], layout: RouteLayout): RouteObject[] {
  return entries
    .filter((entry) => entry.kind === 'page' && entry.meta.layout === layout)
    .map(toRouteObject);
}

/**
 * Turns the route table into react-router route objects: pages are grouped under their layout
 * (pathless parents), redirects sit beside them. Guards and meta travel in `handle`.
 */
export function buildRouteObjects(entries: readonly AppRouteEntry[] = appRoutes): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <RootRoute />
          </Suspense>
        </RouteErrorBoundary>
      ),
      children: [
        ...entries.filter((entry) => entry.kind === 'redirect').map(toRouteObject),
        {
          element: (
            <MainLayout
              search={<SearchBox placement="topBar" />}
              actionBarSearch={<SearchBox placement="actionBar" />}
              userMenu={<UserMenu />}
            />
          ),
          children: pagesOf(entries, 'main'),
        },
        { element: <AuthLayout />, children: pagesOf(entries, 'auth') },
      ],
    },
  ];
}

let appRouteObjects: RouteObject[] | undefined;

/** The app's route objects, built once. */
function defaultRoutes(): RouteObject[] {
  appRouteObjects ??= buildRouteObjects();
  return appRouteObjects;
}

function deepestHandle(routes: RouteObject[], pathname: string): RouteHandle | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.route.handle as RouteHandle | undefined;
    if (handle !== undefined) return handle;
  }
  return undefined;
}

/**
 * The route table at the current location, with its matched route's handle for the layouts.
 * `useRoutes` matches too but keeps its matches to itself; a second match per location costs
 * about 1 ms unthrottled.
 */
export function AppRoutes({ routes = defaultRoutes() }: { routes?: RouteObject[] }) {
  const { pathname } = useLocation();
  const handle = useMemo(() => deepestHandle(routes, pathname), [routes, pathname]);
  const element = useRoutes(routes);
  return <RouteHandleContext value={handle}>{element}</RouteHandleContext>;
}

/** The chunk of the page the table draws at `pathname` (none for a redirect or no match). */
function pageChunkAt(pathname: string, routes: RouteObject[]): PageChunk | undefined {
  const route = matchRoutes(routes, pathname)?.at(-1)?.route;
  return route === undefined ? undefined : pageChunks.get(route);
}

/**
 * Loads the chunk of the page at `pathname`, so that a render that follows draws it at once:
 * the server's first screen and the browser's hydration of it. Whether the path is a page (not
 * a redirect) of the table.
 */
export async function preloadRoute(
  pathname: string,
  routes: RouteObject[] = defaultRoutes(),
): Promise<boolean> {
  const chunk = pageChunkAt(pathname, routes);
  if (chunk === undefined) return false;
  if (!loadedPages.has(chunk)) loadedPages.set(chunk, await loadPage(chunk));
  return true;
}

/** Whether the chunk of the page at `pathname` has arrived (a redirect or no page: false). */
export function isRouteLoaded(pathname: string, routes: RouteObject[] = defaultRoutes()): boolean {
  const chunk = pageChunkAt(pathname, routes);
  return chunk !== undefined && loadedPages.has(chunk);
}
