import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { registerUser } from './helpers/factories.ts';

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const login = (login: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      remoteAddress: ip,
      payload: { email: login, password },
    });

  it('answers a password brute force with 429 and a clear message once an address has failed 10 times on an account', async () => {
    const u = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const res = await login(u.username, `guess-${i}`, '10.0.0.1');
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

  it('counts the e-mail and the username of one account together', async () => {
    const u = await registerUser(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const typed = i % 2 === 0 ? u.username : u.email.toUpperCase();
      statuses.push((await login(typed, `guess-${i}`, '10.0.1.1')).statusCode);
    }
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('still logs the owner in from an address that has not failed while the account is under attack', async () => {
    const u = await registerUser(t.app);
    for (let i = 0; i < 12; i += 1) await login(u.username, `guess-${i}`, '10.0.2.1');
    expect((await login(u.username, 'another-guess', '10.0.2.1')).statusCode).toBe(429);
    // Another address gets its own answer: a wrong password is wrong, the right one logs in.
    expect((await login(u.username, 'wrong-again', '10.0.2.2')).statusCode).toBe(401);
    expect((await login(u.username, u.password, '10.0.2.3')).statusCode).toBe(200);
    // Having failed once there while the account is under attack, 10.0.2.2 now waits.
    expect((await login(u.username, u.password, '10.0.2.2')).statusCode).toBe(429);
  });

  // 200 argon2 verifications: about 10 s alone, several times that on a loaded machine.
  it(
    'stops every address once an account has failed 200 times in the window',
    { timeout: 180_000 },
    async () => {
      const u = await registerUser(t.app);
      for (let i = 0; i < 200; i += 1) {
        await login(u.username, `guess-${i}`, `10.1.${Math.floor(i / 200)}.${(i % 200) + 1}`);
      }
      expect((await login(u.username, u.password, '10.2.0.1')).statusCode).toBe(429);
    },
  );

  it('answers an unknown account the same way as a known one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      statuses.push((await login('nobody-here', `guess-${i}`, '10.0.3.1')).statusCode);
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
