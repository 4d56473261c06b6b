import { PAGE_PATH_NAMES, PAGE_PATHS } from '@app/shared/app-routes';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createPathMatcher } from './route-matching';

const PATTERNS = [
  ...PAGE_PATH_NAMES.map((name) => PAGE_PATHS[name]),
  '/docs/:section?',
  '/files/*',
  '/optional/part?/end',
];

/** Paths near every pattern: filled in, cased, with slashes, encoded, and shortened. */
function candidates(): string[] {
  const out = new Set<string>(['/', '//', '', '/nope', '/news', '/news/', '/files', '/docs']);
  for (const pattern of PATTERNS) {
    const filled = pattern
      .replace(/:[\w-]+\??/g, 'x1')
      .replace(/\?/g, '')
      .replace('*', 'a/b');
    for (const path of [filled, pattern, filled.toUpperCase(), `${filled}/`, `${filled}//`]) {
      out.add(path);
      out.add(`${path}/extra`);
      out.add(path.replace(/\/[^/]*$/, ''));
      out.add(encodeURI(`${path}/é space`));
      out.add(path.replace('x1', 'a%2Fb'));
      out.add(path.replace('x1', '%E0%A4%A'));
    }
  }
  out.add('/optional/end');
  out.add('/docs/');
  return [...out];
}

describe('createPathMatcher', () => {
  it('answers as matchRoutes does for a flat table of the same paths', () => {
    const matches = createPathMatcher(PATTERNS);
    const routes = PATTERNS.map((path) => ({ path }));
    const paths = candidates();
    expect(paths.length).toBeGreaterThan(500);
    for (const path of paths) {
      expect({ path, found: matches(path) }).toEqual({
        path,
        found: matchRoutes(routes, path) !== null,
      });
    }
  });

  it('finds a plain path whatever its case or trailing slash, and a parameter', () => {
    const matches = createPathMatcher(['/about', '/ticker/:symbol']);
    expect(matches('/ABOUT/')).toBe(true);
    expect(matches('/ticker/NASDAQ:AAPL')).toBe(true);
    expect(matches('/ticker')).toBe(false);
    expect(matches('/ticker/a/b')).toBe(false);
  });
});
