import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import type { Location, RouteObject } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { AppRoutes } from '../src/app/router';

function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } });
}

/** Renders UI inside the app's providers (Mantine in test mode: no transitions, no portals). */
export function renderWithProviders(ui: ReactNode) {
  return render(
    <AppProviders env="test" queryClient={testQueryClient()}>
      {ui}
    </AppProviders>,
  );
}

/** The memory router of a test: where it is now. */
export interface TestRouter {
  state: { location: Location };
}

function LocationProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  useLayoutEffect(() => {
    router.state.location = location;
  }, [router, location]);
  return null;
}

function renderAt(tree: ReactNode, initialEntries: string[]) {
  const router: TestRouter = { state: { location: undefined as unknown as Location } };
  const view = renderWithProviders(
    <MemoryRouter initialEntries={initialEntries}>
      {tree}
      <LocationProbe router={router} />
    </MemoryRouter>,
  );
  return { router, ...view };
}

/**
 * Renders `routes` as the app does (`AppRoutes`: layouts read the matched route's handle) in a
 * memory router opened at the first of `initialEntries` ('/').
 */
export function renderRoutes(
  routes: RouteObject[],
  { initialEntries = ['/'] }: { initialEntries?: string[] } = {},
) {
  return renderAt(<AppRoutes routes={routes} />, initialEntries);
}

/** Opens `url` in the real route table, as a visitor typing it into the address bar would. */
export function renderRoute(url: string) {
  return renderAt(<AppRoutes />, [url]);
}

/** Renders `ui` at `url` inside the app's providers and a router (links, locations). */
export function renderInRouter(ui: ReactNode, url = '/') {
  return renderRoutes(
    [
      { path: '*', element: ui },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [url] },
  );
}
