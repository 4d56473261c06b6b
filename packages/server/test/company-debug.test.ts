import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

/** Spec §7 debug links: /company/get/{id} and /company/invalidate/{id}. */
describe('company debug views', () => {
  let t: TestApp;
  let debugUser: TestUser;
  let plain: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
    debugUser = await registerUser(t.app);
    plain = await registerUser(t.app);
    admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    await t.database.db
      .updateTable('users')
      .set({ my_debug_interface: true })
      .where('id', '=', debugUser.user.id)
      .execute();
  });
  afterAll(() => t.close());

  const get = (url: string, user: TestUser) =>
    t.app.inject({ method: 'GET', url, headers: bearer(user.token) });

  it('shows a company by exchange ticker or id to debug users and admins only', async () => {
    const byTicker = await get('/api/company/get/nasdaq:aapl', debugUser);
    expect(byTicker.statusCode, byTicker.body).toBe(200);
    const [apple] = byTicker.json<{ companies: { id: string; company_name: string }[] }>()
      .companies;
    expect(apple?.company_name).toBe('Apple Inc.');
    const byId = await get(`/api/company/get/${apple?.id ?? ''}`, admin);
    expect(byId.json<{ companies: { id: string }[] }>().companies[0]?.id).toBe(apple?.id);
    const refused = await get('/api/company/get/NASDAQ:AAPL', plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      status: 'error',
      error_msg: 'Only admins and debug users can open the debug views.',
    });
    expect((await get('/api/company/get/not a ticker', admin)).statusCode).toBe(404);
  });

  it('queues a refresh of the company’s listings, answers at once, 10 a minute per user', async () => {
    const res = await get('/api/company/invalidate/NASDAQ:MSFT', debugUser);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', exchange_tickers: ['NASDAQ:MSFT'] });
    const codes: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      codes.push((await get('/api/company/invalidate/NASDAQ:MSFT', debugUser)).statusCode);
    }
    expect(codes.slice(0, 9).every((code) => code === 200)).toBe(true);
    expect(codes[9]).toBe(429);
  });
});
