import { createBrowserRouter } from 'react-router';
import type { RouteObject } from 'react-router';
import { SearchBox } from '../features/search/components/search-box';
import { UserMenu } from './layouts/user-menu';
import { AuthLayout } from './layouts/auth-layout';
import { MainLayout } from './layouts/main-layout';
import { loadPage } from './lazy-page';
import { PageLoader } from './page-loader';
import { RedirectRoute } from './redirect-route';
import { RootRoute } from './root-route';
import type { RouteHandle } from './route-handle';
import { RouteErrorPage } from './route-error-page';
import { appRoutes } from './routes';
import type { AppRouteEntry, RouteLayout } from './route-types';

function toRouteObject(entry: AppRouteEntry): RouteObject {
  const handle: RouteHandle =
    entry.kind === 'page' ? { guard: entry.guard, meta: entry.meta } : { guard: entry.guard };
  if (entry.kind === 'redirect') {
    return { path: entry.path, handle, element: <RedirectRoute to={entry.to} /> };
  }
  return {
    path: entry.path,
    handle,
    // Errors of a page render inside its layout, so the menus stay usable.
    errorElement: <RouteErrorPage />,
    lazy: async () => ({ Component: await loadPage(entry.page) }),
  };
}

function pagesOf(entries: readonly AppRouteEntry[], layout: RouteLayout): RouteObject[] {
  return entries
    .filter((entry) => entry.kind === 'page' && entry.meta.layout === layout)
    .map(toRouteObject);
}

/**
 * Turns the route table into react-router route objects: pages are grouped under their layout
 * (pathless parents), redirects sit beside them. Guards travel in `handle` to GuardedOutlet.
 */
export function buildRouteObjects(entries: readonly AppRouteEntry[] = appRoutes): RouteObject[] {
  return [
    {
      Component: RootRoute,
      HydrateFallback: PageLoader,
      errorElement: <RouteErrorPage />,
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
        { Component: AuthLayout, children: pagesOf(entries, 'auth') },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRouteObjects());
}
