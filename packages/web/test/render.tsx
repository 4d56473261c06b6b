import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../src/app/providers';
import { buildRouteObjects } from '../src/app/router';

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

/** Opens `url` in the real route table, as a visitor typing it into the address bar would. */
export function renderRoute(url: string) {
  const router = createMemoryRouter(buildRouteObjects(), { initialEntries: [url] });
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}

/** Renders `ui` at `url` inside the app's providers and a router (links, locations). */
export function renderInRouter(ui: ReactNode, url = '/') {
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [url] },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}
