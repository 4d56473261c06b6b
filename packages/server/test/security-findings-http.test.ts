import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from './helpers/factories.ts';
import { buildTestApp, capturedLog, type TestApp } from './helpers/app.ts';

/** What Node accepts in a header and a browser reads the same: printable ASCII only. */
const VALID_LOCATION = /^[\x21-\x7e]+$/;

describe('security review of the HTTP layer', () => {
  const { log, lines } = capturedLog();
  let t: TestApp;
  let app: TestApp['app'];
  let user: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ log });
    app = t.app;
    user = await registerUser(app);
  });
  afterAll(() => t.close());

  /** `/api/user/session` with `next` placed in the query string exactly as given (already encoded). */
  const session = (encodedNext: string, signedIn = true) =>
    app.inject({
      method: 'GET',
      url: `/api/user/session?${signedIn ? `key=${user.token}&` : ''}next=${encodedNext}`,
    });

  describe('GET /api/user/session?next=', () => {
    it('does not send a signed-in browser to //evil.example through a tab the browser strips', async () => {
      const res = await session('%2F%09%2Fevil.example%2Fphish');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/');
    });

    it.each([
      '%2F%2Fevil.example',
      '%2F%5Cevil.example',
      '%5C%2F%5C%2Fevil.example',
      '%2F%0A%2Fevil.example',
      '%2F%0D%0A%2Fevil.example',
      '%2F.%2F%2Fevil.example',
      '%2F..%2F%2Fevil.example',
      'https%3A%2F%2Fevil.example',
      'javascript%3Aalert(1)',
      '%20%2F%2Fevil.example',
    ])('redirects next=%s to / whether signed in or not', async (next) => {
      const signedIn = await session(next);
      expect(signedIn.statusCode).toBe(302);
      expect(signedIn.headers.location).toBe('/');
      const anonymous = await session(next, false);
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe('/login?next=%2F');
    });

    it('keeps a path of our own site, with its query and fragment', async () => {
      const res = await session(encodeURIComponent('/news/latest_ai?x=1#y'));
      expect(res.headers.location).toBe('/news/latest_ai?x=1#y');
      const ticker = await session('/ticker/NASDAQ:AAPL');
      expect(ticker.headers.location).toBe('/ticker/NASDAQ:AAPL');
      const anonymous = await session(encodeURIComponent('/news/latest_ai?x=1#y'), false);
      expect(anonymous.headers.location).toBe('/login?next=%2Fnews%2Flatest_ai%3Fx%3D1%23y');
    });

    it.each([
      ['%E2%82%AC', '/%E2%82%AC'],
      ['%2F%E2%82%AC', '/%E2%82%AC'],
      ['/caf%C3%A9', '/caf%C3%A9'],
      ['/%F0%9F%93%88%3Fq%3D%E2%82%AC', '/%F0%9F%93%88?q=%E2%82%AC'],
      ['%0A', '/'],
      ['%2F%0A', '/'],
    ])('answers next=%s with a 302 to %s, never a 500', async (next, location) => {
      for (const signedIn of [true, false]) {
        const res = await session(next, signedIn);
        expect(res.statusCode, res.body).toBe(302);
        expect(res.headers.location).toMatch(VALID_LOCATION);
        expect(res.headers.location).toBe(
          signedIn ? location : `/login?next=${encodeURIComponent(location)}`,
        );
      }
    });
  });

  it('keeps the session token out of the log when ?key= is spelled k%65y', async () => {
    const res = await app.inject({ method: 'GET', url: `/api/user/get/me?k%65y=${user.token}` });
    expect(res.statusCode).toBe(200);
    const text = lines.join('');
    expect(text).toContain('/api/user/get/me?k%65y=[Redacted]');
    expect(text).not.toContain(user.token);
  });
});
