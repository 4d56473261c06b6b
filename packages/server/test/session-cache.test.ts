import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

/**
 * Each API process keeps resolved sessions in memory (SESSION_CACHE=on), and a session
 * ended or a user changed through one process is refused or seen changed by another process on
 * the same database at once — the database announces every change (a trigger, NOTIFY) and every
 * process listens.
 */
describe('session cache across two app instances on one database', () => {
  let a: TestApp;
  let closeB: () => Promise<void>;
  let bServices: Services;
  let b: FastifyInstance;
  let aUrl: string;
  let bUrl: string;

  beforeAll(async () => {
    a = await buildTestApp({ env: { SESSION_CACHE: 'on', RATE_LIMIT_SCALE: '100' } });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, {
      env: { SESSION_CACHE: 'on', RATE_LIMIT_SCALE: '100' },
    }));
    aUrl = await a.app.listen({ port: 0, host: '127.0.0.1' });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  /** A request over HTTP, as a client behind the proxy sends it to one process or the other. */
  const http = async (base: string, method: 'GET' | 'POST', path: string, token: string) =>
    (await fetch(`${base}${path}`, { method, headers: bearer(token) })).status;

  const me = (app: FastifyInstance, token: string) =>
    app.inject({ method: 'GET', url: '/api/user/get/me', headers: bearer(token) });

  /** Resolves the session on B until B serves it from memory (its listener is up and the entry stored). */
  async function cachedOnB(token: string) {
    await waitFor(async () => {
      if ((await me(b, token)).statusCode !== 200) return false;
      const stats = bServices.users.sessionCacheStats();
      return stats?.listening === true && stats.entries > 0;
    });
  }

  it('a logout through A is refused by B at once, with the session in B’s memory', async () => {
    for (let round = 0; round < 20; round += 1) {
      const u = await registerUser(a.app);
      await cachedOnB(u.token);
      expect(await http(bUrl, 'GET', '/api/user/get/me', u.token)).toBe(200);
      expect(await http(aUrl, 'POST', '/api/user/logout', u.token)).toBe(200);
      expect(await http(bUrl, 'GET', '/api/user/get/me', u.token), `round ${round}`).toBe(401);
      expect(await http(aUrl, 'GET', '/api/user/get/me', u.token)).toBe(401);
    }
  });

  it('a password change through A ends the other sessions on B at once', async () => {
    const u = await registerUser(a.app);
    const login = await b.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: u.username, password: u.password },
    });
    const other = login.json<{ token: string }>().token;
    await cachedOnB(other);
    const changed = await a.app.inject({
      method: 'POST',
      url: '/api/user/set/password',
      headers: bearer(u.token),
      payload: { value: 'a brand new secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await me(b, other)).statusCode).toBe(401);
    expect((await me(b, u.token)).statusCode).toBe(200);
  });

  it('a user deleted by an admin through A is refused by B at once', async () => {
    const admin = await registerUser(a.app);
    await grant(a.database.db, admin.user.id, { is_admin: true });
    const u = await registerUser(a.app);
    await cachedOnB(u.token);
    expect(await http(aUrl, 'GET', `/api/user/admin/rm/${u.username}`, admin.token)).toBe(200);
    expect(await http(bUrl, 'GET', '/api/user/get/me', u.token)).toBe(401);
  });

  it('a change made by SQL (an operator, another module) reaches both caches', async () => {
    const u = await registerUser(a.app);
    await cachedOnB(u.token);
    expect((await me(a.app, u.token)).statusCode).toBe(200);
    const adminOnly = (app: FastifyInstance) =>
      app.inject({ method: 'GET', url: '/api/user/admin/get/ALL', headers: bearer(u.token) });
    expect((await adminOnly(b)).statusCode).toBe(403);
    await grant(a.database.db, u.user.id, { is_admin: true });
    await waitFor(
      async () =>
        (await adminOnly(b)).statusCode === 200 && (await adminOnly(a.app)).statusCode === 200,
      2_000,
    );
    await a.database.db.deleteFrom('sessions').where('user_id', '=', u.user.id).execute();
    await waitFor(
      async () =>
        (await me(b, u.token)).statusCode === 401 && (await me(a.app, u.token)).statusCode === 401,
      2_000,
    );
  });

  it('/payment/status answers from the session’s row, and a subscription changed by SQL shows on both', async () => {
    const u = await registerUser(a.app);
    await cachedOnB(u.token);
    const status = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/payment/status',
        headers: bearer(u.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ subscription: string; subscription_status: string; entitled: boolean }>();
    };
    expect(await status(b)).toMatchObject({ subscription: '', entitled: false });
    // As a verified payment event leaves it, written by another process (here: SQL).
    await a.database.db
      .updateTable('users')
      .set({
        subscription: 'tier1_monthly',
        subscription_status: 'active',
        current_period_end: new Date(Date.now() + 30 * 86_400_000),
      })
      .where('id', '=', u.user.id)
      .execute();
    await waitFor(async () => {
      const [onA, onB] = [await status(a.app), await status(b)];
      return onA.entitled && onB.entitled && onB.subscription === 'tier1_monthly';
    }, 2_000);
    expect((await status(b)).subscription_status).toBe('active');
  });
});
