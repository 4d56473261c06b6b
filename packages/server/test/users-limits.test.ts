import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { registerUser } from './helpers/factories.ts';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers a password brute force with 429 and a clear message, per account across IPs', async () => {
    const u = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: u.username, password: `guess-${i}` },
      });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json<{ error_msg: string }>().error_msg).toMatch(
          /^Too many attempts\. Please try again in \d+ minutes\.$/,
        );
      }
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('limits registrations per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/create',
        remoteAddress: '192.0.2.7',
        payload: {
          email: `burst${i}@example.com`,
          password: 'secret12',
          username: `burst${i}`,
          first_name: 'A',
          last_name: 'B',
        },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits recovery requests per account', async () => {
    const u = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/password_recovery',
        remoteAddress: `198.51.100.${i}`,
        payload: { email: u.email },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
