import { describe, expect, it } from 'vitest';
import {
  APP_ROUTE_PATTERNS,
  isAppRoute,
  matchesRoutePattern,
  PAGE_PATH_NAMES,
  PAGE_PATHS,
} from './app-routes.ts';

describe('PAGE_PATHS', () => {
  it('names 84 distinct absolute paths', () => {
    const paths = Object.values(PAGE_PATHS);
    expect(paths).toHaveLength(84);
    expect(new Set(paths).size).toBe(paths.length);
    for (const path of paths) expect(path, path).toMatch(/^\/[a-z0-9_/:A-Z-]*$/);
  });

  it('gives the server the same paths in the same order', () => {
    expect(APP_ROUTE_PATTERNS).toEqual(PAGE_PATH_NAMES.map((name) => PAGE_PATHS[name]));
  });
});

describe('isAppRoute', () => {
  it('knows every page, parameters filled in, with or without a trailing slash', () => {
    for (const pattern of APP_ROUTE_PATTERNS) {
      const path = pattern.replace(/:[A-Za-z]+/g, 'NASDAQ:AAPL');
      expect(isAppRoute(path), path).toBe(true);
      expect(isAppRoute(`${path}/`), path).toBe(true);
    }
  });

  it('answers the spec pages and the redirects', () => {
    for (const path of [
      '/',
      '/news',
      '/analysis',
      '/n/42',
      '/ticker/NASDAQ:AAPL',
      '/news/class/earnings',
      '/pricing',
      '/Cancel',
    ]) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it('does not know other paths, nor a page with one segment too many or too few', () => {
    for (const path of [
      '/no/such/page',
      '/pages/no_such_page',
      '/news/no_such_feed',
      '/news/class',
      '/n',
      '/n/42/more',
      '/About',
      '/terms/extra',
      '/cancel',
    ]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});

describe('matchesRoutePattern', () => {
  it('matches a trailing * against any rest', () => {
    expect(matchesRoutePattern('/docs/*', '/docs/a/b')).toBe(true);
    expect(matchesRoutePattern('/docs/*', '/other')).toBe(false);
  });
});
