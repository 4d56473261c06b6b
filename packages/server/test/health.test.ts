import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers success when the database is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', database: 'up' });
  });

  it('accepts the token as ?key= but answers 400 naming any other query parameter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health?key=abc' })).statusCode).toBe(
      200,
    );
    const res = await t.app.inject({ method: 'GET', url: '/api/health?verbose=1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error_msg: "Unknown query parameter 'verbose'" });
  });
});
