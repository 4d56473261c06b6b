import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logger.ts';
import { buildTestApp, capturedLog, type TestApp } from './helpers/app.ts';

describe('request logs', () => {
  const { log, lines } = capturedLog();
  let t: TestApp;
  let app: TestApp['app'];

  beforeAll(async () => {
    t = await buildTestApp({ log });
    app = t.app;
  });
  afterAll(() => t.close());

  it('never contain tokens from the key parameter, the Authorization header or cookies', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/health?key=SECRET-TOKEN-1',
      headers: { authorization: 'Bearer SECRET-TOKEN-2', cookie: 'session=SECRET-TOKEN-3' },
    });
    const text = lines.join('');
    expect(text).toContain('/api/health?key=[Redacted]');
    expect(text).not.toMatch(/SECRET-TOKEN/);
  });

  it('redacts secrets in any position of a query string', () => {
    expect(redactUrl('/x?a=1&key=abc&token=def#h')).toBe(
      '/x?a=1&key=[Redacted]&token=[Redacted]#[Redacted]',
    );
    expect(redactUrl('/x?monkey=1')).toBe('/x?monkey=1');
  });
});
