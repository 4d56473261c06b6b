import { screen, waitFor } from '@testing-library/react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../test/render';
import { isAppRoute, PAGE_PATH_NAMES, PAGE_PATHS } from '@app/shared/app-routes';
import type { RouteHandle } from './route-handle';
import { buildRouteObjects } from './router';
import { appRoutes, hasRoute, NOT_FOUND_PATH } from './routes';

/** A concrete URL path for a path pattern: every `:param` segment becomes `x1`. */
function samplePath(pattern: string): string {
  return pattern.replace(/:[A-Za-z]+/g, 'x1');
}

/** The handle of the deepest route the real router matches for `pathname`. */
function matchedHandle(pathname: string): { path: string | undefined; handle: RouteHandle } {
  const matches = matchRoutes(buildRouteObjects(), pathname) ?? [];
  const deepest = matches.at(-1);
  return { path: deepest?.route.path, handle: deepest?.route.handle as RouteHandle };
}

describe('route table', () => {
  it('shows "The page you requested could not be found." on an unknown path', async () => {
    renderRoute('/no/such/page');
    expect(await screen.findByText('The page you requested could not be found.')).toBeTruthy();
  });

  it('redirects /n/42#SOME_TITLE to /news/view?id=42 and keeps the hash', async () => {
    const { router } = renderRoute('/n/42#SOME_TITLE');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/news/view');
    });
    expect(router.state.location.search).toBe('?id=42');
    expect(router.state.location.hash).toBe('#SOME_TITLE');
  });

  it('keeps the other query parameters of /n/{newsId}', async () => {
    const { router } = renderRoute('/n/7?utm_source=share#A_TITLE');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/news/view');
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('id')).toBe('7');
    expect(search.get('utm_source')).toBe('share');
    expect(router.state.location.hash).toBe('#A_TITLE');
  });

  it('redirects /news to /news/latest_ai', async () => {
    const { router } = renderRoute('/news');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/news/latest_ai');
    });
  });

  it('redirects /analysis to /analysis/latest', async () => {
    const { router } = renderRoute('/analysis');
    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/analysis/latest');
    });
  });

  it("shows the latest company analyses on /, titled 'AI News: Company Analysis'", async () => {
    const { router } = renderRoute('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'AI company analysis' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    await waitFor(() => {
      expect(document.title).toBe('AI News: Company Analysis · StockPulse');
    });
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    expect(canonical?.href).toBe(`${window.location.origin}/`);
  });

  it('applies the route meta: title, description and canonical link', async () => {
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    await waitFor(() => {
      expect(document.title).toBe('Terms of Service · StockPulse');
    });
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(description?.content).toBe('The terms that govern your use of StockPulse.');
    const canonical = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
    expect(canonical?.href).toBe(`${window.location.origin}/terms`);
  });

  it('shows the legal pages with the shared top bar and the March 2024 date', async () => {
    for (const [path, title] of [
      ['/terms', 'Terms of Service'],
      ['/privacy', 'Privacy Policy'],
      ['/cookies', 'Cookie Policy'],
    ] as const) {
      const view = renderRoute(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'StockPulse home' })).toBeTruthy();
      expect(screen.getByText(/Last updated: March 1, 2024/)).toBeTruthy();
      view.unmount();
    }
  });

  it('lists the eleven sections of the terms, including "not financial advice" and 18+', async () => {
    renderRoute('/terms');
    await screen.findByRole('heading', { level: 1, name: 'Terms of Service' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(11);
    expect(screen.getByRole('heading', { name: /not financial advice/ })).toBeTruthy();
    expect(screen.getByText('18 years of age or older')).toBeTruthy();
  });

  it('lists the ten sections of the privacy policy', async () => {
    renderRoute('/privacy');
    await screen.findByRole('heading', { level: 1, name: 'Privacy Policy' });
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(10);
  });

  it('shows the cookie table: session, 1 year preferences, 2 years analytics', async () => {
    renderRoute('/cookies');
    await screen.findByRole('heading', { level: 1, name: 'Cookie Policy' });
    const table = screen.getByRole('table');
    expect(table.textContent).toContain('Session (deleted when you close the browser)');
    expect(table.textContent).toContain('1 year');
    expect(table.textContent).toContain('2 years');
  });
});

describe('hasRoute', () => {
  it('is true for paths in the route table, with or without query and hash', () => {
    expect(hasRoute('/about')).toBe(true);
    expect(hasRoute('/terms?x=1#top')).toBe(true);
    expect(hasRoute('/n/42')).toBe(true);
    expect(hasRoute('/news/latest_ai')).toBe(true);
    expect(hasRoute('/news/class/earnings')).toBe(true);
  });

  it('is false for paths that only the catch-all would match', () => {
    expect(hasRoute('/pages/no_such_page')).toBe(false);
    expect(hasRoute('/news/no_such_feed')).toBe(false);
    expect(hasRoute('/totally/unknown')).toBe(false);
  });

  it('is false for external links', () => {
    expect(hasRoute('https://example.com/about')).toBe(false);
    expect(hasRoute('//example.com/about')).toBe(false);
  });
});

describe('the route table built from PAGE_PATHS', () => {
  it('has one entry per named page path, in PAGE_PATHS order, and the catch-all last', () => {
    expect(appRoutes.map((route) => route.path)).toEqual([
      ...PAGE_PATH_NAMES.map((name) => PAGE_PATHS[name]),
      NOT_FOUND_PATH,
    ]);
  });

  it.each(PAGE_PATH_NAMES)(
    'routes %s to its own entry, a page with its meta or a redirect',
    (name) => {
      const path = PAGE_PATHS[name];
      const entry = appRoutes.find((route) => route.path === path);
      const { path: matchedPath, handle } = matchedHandle(samplePath(path));
      expect(matchedPath).toBe(path);
      expect(handle.guard).toBe(entry?.guard);
      if (entry?.kind === 'page') {
        expect(handle.meta).toBe(entry.meta);
        expect(handle.meta?.title).not.toBe('');
        if (handle.meta?.canonical !== undefined) expect(handle.meta.canonical).toBe(path);
      } else {
        expect(entry?.kind).toBe('redirect');
        expect(handle.meta).toBeUndefined();
      }
      expect(hasRoute(samplePath(path))).toBe(true);
    },
  );

  it('gives the canonical links of the pages that have one', () => {
    const canonicals = appRoutes.flatMap((route) =>
      route.kind === 'page' && route.meta.canonical !== undefined ? [route.meta.canonical] : [],
    );
    expect(canonicals).toEqual([
      '/',
      '/analysis/latest',
      '/analysis/track-record',
      '/about',
      '/cookies',
      '/terms',
      '/privacy',
      '/register',
      '/login',
      '/dashboard',
      '/calendar/earnings',
      '/calendar/dividends',
      '/company/explore',
      '/screener',
      '/stock/register',
      '/home',
      '/news/latest_ai',
      '/news/latest',
      '/news/bullish',
      '/news/bearish',
      '/news/defcon',
      '/pricing',
      '/affiliates',
      '/landing',
      '/contact',
      '/features',
      '/faq',
      '/help',
      '/documentation',
      '/blog',
    ]);
  });
});

describe('the server answers from the same list (isAppRoute)', () => {
  it('knows every page of the route table', () => {
    for (const route of appRoutes) {
      if (route.path !== NOT_FOUND_PATH) expect(isAppRoute(samplePath(route.path))).toBe(true);
    }
  });

  it('does not know the paths that only the catch-all matches (HTTP 404)', () => {
    for (const path of [
      '/no/such/page',
      '/pages/no_such_page',
      '/news/no_such_feed',
      '/n',
      '/company',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
      expect(matchedHandle(path).path, path).toBe(NOT_FOUND_PATH);
    }
  });
});
