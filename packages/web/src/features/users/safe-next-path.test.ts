import { describe, expect, it } from 'vitest';
import { safeNextPath } from './auth-messages';

describe('where ?next= may send the user after logging in', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(safeNextPath('/news/latest_ai?symbol=NASDAQ:AAPL#top', '/')).toBe(
      '/news/latest_ai?symbol=NASDAQ:AAPL#top',
    );
  });

  it.each([
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example/phish',
    '/\n/evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/.//evil.example',
  ])('answers the fallback for %j, which would leave the site', (next) => {
    expect(safeNextPath(next, '/pages/user')).toBe('/pages/user');
  });

  it('answers the fallback without a next', () => {
    expect(safeNextPath(null, '/')).toBe('/');
  });
});
