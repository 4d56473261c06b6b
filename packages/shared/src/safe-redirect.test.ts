import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

const origin = 'http://localhost:3000';

describe('safeRedirectPath', () => {
  it.each([
    ['//evil.example'],
    ['///evil.example'],
    ['/\\evil.example'],
    ['\\/\\/evil.example'],
    ['/\t/evil.example'],
    ['/\n/evil.example'],
    ['/\r\n/evil.example'],
    ['/\u0000/evil.example'],
    ['/\u007f/evil.example'],
    ['/\u0085/evil.example'],
    ['/.//evil.example'],
    ['/..//evil.example'],
    ['/a/../..//evil.example'],
    ['/%2e//evil.example'],
    ['/a/%2E%2E/%2e%2E//evil.example'],
    ['https://evil.example'],
    ['https://evil.example/path'],
    ['javascript:alert(1)'],
    ['data:text/html,<script>alert(1)</script>'],
    [' //evil.example'],
    ['http://localhost:3001/news'],
    ['https://localhost:3000/news'],
  ])('sends %j to / because it could leave our origin', (next) => {
    expect(safeRedirectPath(next, origin)).toBe('/');
  });

  it('sends a missing or empty next to /', () => {
    expect(safeRedirectPath(undefined, origin)).toBe('/');
    expect(safeRedirectPath('', origin)).toBe('/');
  });

  it.each([
    ['/news/latest_ai?x=1#y', '/news/latest_ai?x=1#y'],
    ['/ticker/NASDAQ:AAPL', '/ticker/NASDAQ:AAPL'],
    ['/', '/'],
    ['/admin/panel', '/admin/panel'],
    // Still encoded once the browser resolves them: paths of our own site, not a second slash.
    ['/%09/evil.example', '/%09/evil.example'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    // An absolute URL of our own origin is reduced to its path; a relative one resolves on our site.
    ['http://localhost:3000/news?q=1', '/news?q=1'],
    ['evil.example', '/evil.example'],
    ['http:evil.example', '/evil.example'],
  ])('keeps the same-origin path %j as %j', (next, expected) => {
    expect(safeRedirectPath(next, origin)).toBe(expected);
  });

  it('percent-encodes what a Location header cannot carry (non-ASCII, spaces, quotes)', () => {
    expect(safeRedirectPath('/café', origin)).toBe('/caf%C3%A9');
    expect(safeRedirectPath('/€?q=€#€', origin)).toBe('/%E2%82%AC?q=%E2%82%AC#%E2%82%AC');
    expect(safeRedirectPath('/a b?c d', origin)).toBe('/a%20b?c%20d');
    expect(safeRedirectPath('/"x"<y>', origin)).toBe('/%22x%22%3Cy%3E');
  });

  it('normalises dot segments inside our site', () => {
    expect(safeRedirectPath('/news/../ticker/./NASDAQ:AAPL', origin)).toBe('/ticker/NASDAQ:AAPL');
  });

  it('only ever answers printable ASCII starting with one slash', () => {
    const samples = ['/€', '/\u2028', '/\ud800', '/a?\u00ff', '/#\u0085', '/%', '/%zz'];
    for (const next of samples) {
      const path = safeRedirectPath(next, origin);
      expect(path, next).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
  });

  it('works with a public URL that has a path of its own', () => {
    expect(safeRedirectPath('/news', 'https://stocks.example/app')).toBe('/news');
    expect(safeRedirectPath('//evil.example', 'https://stocks.example/app')).toBe('/');
  });
});
