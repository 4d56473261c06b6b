import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Link, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../test/render';
import { AppProviders } from './providers';
import { AppRoutes, buildRouteObjects, isRouteLoaded, preloadRoute } from './router';
import type { PageLoader } from './lazy-page';
import type { AppRouteEntry, RouteMeta } from './route-types';

const AUTH: RouteMeta = { title: 'A page', layout: 'auth', noActionBar: true };

function page(path: string, load: PageLoader): AppRouteEntry {
  return { kind: 'page', path, guard: 'public', page: load, meta: AUTH };
}

function First() {
  return (
    <>
      <h1>First page</h1>
      <Link to="/second">To the second</Link>
      <Link to="/broken">To the broken</Link>
    </>
  );
}

function Second() {
  return (
    <>
      <h1>Second page</h1>
      <Link to="/first">Back to the first</Link>
    </>
  );
}

function Broken(): never {
  throw new Error('The figures could not be drawn.');
}

/** A chunk that arrives when the test says so. */
function deferredChunk<T>(value: T) {
  let resolveChunk: ((chunk: T) => void) | undefined;
  const chunk = () =>
    new Promise<T>((resolve) => {
      resolveChunk = resolve;
    });
  return {
    chunk,
    arrive: () => {
      resolveChunk?.(value);
    },
  };
}

function drawOnServer(routes: ReturnType<typeof buildRouteObjects>, url: string) {
  return renderToString(
    <AppProviders env="test">
      <StaticRouter location={url}>
        <AppRoutes routes={routes} />
      </StaticRouter>
    </AppProviders>,
  );
}

describe('the router', () => {
  it('draws a preloaded page at once (the server and hydration cannot wait for a chunk)', async () => {
    const routes = buildRouteObjects([page('/first', () => Promise.resolve(First))]);
    expect(isRouteLoaded('/first', routes)).toBe(false);
    // Not loaded: a render can only show the loader in its place.
    expect(drawOnServer(routes, '/first')).not.toContain('First page');

    await expect(preloadRoute('/first', routes)).resolves.toBe(true);
    expect(isRouteLoaded('/first', routes)).toBe(true);
    expect(drawOnServer(routes, '/first')).toContain('First page');
  });

  it('preloads nothing for a path that is no page of the table', async () => {
    const routes = buildRouteObjects([
      page('/first', () => Promise.resolve(First)),
      { kind: 'redirect', path: '/old', guard: 'public', to: () => '/first' },
    ]);
    await expect(preloadRoute('/old', routes)).resolves.toBe(false);
    await expect(preloadRoute('/nowhere', routes)).resolves.toBe(false);
  });

  it('keeps the current page and shows a progress bar while the next page loads', async () => {
    const second = deferredChunk(Second);
    const routes = buildRouteObjects([
      page('/first', () => Promise.resolve(First)),
      page('/second', second.chunk),
    ]);
    const { router } = renderRoutes(routes, { initialEntries: ['/first'] });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'To the second' }));

    expect(await screen.findByRole('progressbar', { name: 'Loading page' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'First page' })).toBeTruthy();

    second.arrive();
    expect(await screen.findByRole('heading', { name: 'Second page' })).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('progressbar')).toBeNull();
    });
    expect(router.state.location.pathname).toBe('/second');
  });

  it('shows a page that throws as an error inside its layout, until the reader goes elsewhere', async () => {
    const routes = buildRouteObjects([
      page('/', () => Promise.resolve(First)),
      page('/broken', () => Promise.resolve(Broken)),
    ]);
    const { router } = renderRoutes(routes, { initialEntries: ['/broken'] });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(screen.getByText('The figures could not be drawn.')).toBeTruthy();
    // The layout around it stays, with its way home.
    expect(screen.getByRole('link', { name: 'StockPulse home' })).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Back to home' }));
    expect(await screen.findByRole('heading', { name: 'First page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Oops! Something went wrong' })).toBeNull();
    expect(router.state.location.pathname).toBe('/');

    // The broken page again: a new location, caught again.
    await user.click(screen.getByRole('link', { name: 'To the broken' }));
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
  });

  it('shows a chunk that fails to download as an error with a way to reload', async () => {
    const routes = buildRouteObjects([
      page('/first', () =>
        Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
      ),
    ]);
    renderRoutes(routes, { initialEntries: ['/first'] });
    expect(await screen.findByRole('heading', { name: 'Oops! Something went wrong' })).toBeTruthy();
    expect(
      screen.getByText(
        'This page could not be loaded (Failed to fetch dynamically imported module). Please reload.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });
});
