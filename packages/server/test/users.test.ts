import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';

describe('accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
  });
  afterAll(() => t.close());

  const inject = (method: 'GET' | 'POST', url: string, token?: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: token ? bearer(token) : {},
      ...(payload !== undefined && { payload }),
    });

  it('registers a user and answers status, token and current_user without secrets', async () => {
    const res = await inject('POST', '/api/user/create', undefined, {
      email: 'grace@example.com',
      password: 'hopper-1906',
      username: 'grace',
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown> & { current_user: Record<string, unknown> }>();
    expect(body.status).toBe('success');
    expect(body.token).toMatch(/^[0-9a-f]{64}$/);
    expect(body.current_user).toMatchObject({
      username: 'grace',
      is_admin: false,
      is_email_validated: false,
    });
    expect(body.current_user.share_referral_code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(JSON.stringify(body.current_user)).not.toMatch(/argon2|password|hopper-1906/);
    expect(res.headers['set-cookie']).toMatch(/sp_session=.*HttpOnly; SameSite=Lax/);
    const stored = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.some((s) => s.token_hash.toString('hex') === body.token)).toBe(false);
  });

  it('refuses a taken username or e-mail with 409', async () => {
    const payload = {
      email: 'x@example.com',
      password: 'secret1',
      username: 'GRACE',
      first_name: 'A',
      last_name: 'B',
    };
    const taken = await inject('POST', '/api/user/create', undefined, payload);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ status: 'error', error_msg: 'This username is taken.' });
    const email = await inject('POST', '/api/user/create', undefined, {
      ...payload,
      username: 'other',
      email: 'GRACE@example.com',
    });
    expect(email.json()).toEqual({
      status: 'error',
      error_msg: 'This e-mail is already registered.',
    });
  });

  it('applies the validation rules of spec §5 with a message naming the field', async () => {
    const res = await inject('POST', '/api/user/create', undefined, {
      email: 'ok@example.com',
      password: 'short',
      username: 'abcd',
      first_name: 'A',
      last_name: 'B',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_msg: string }>().error_msg).toBe(
      "Invalid body field 'password': must be at least 6 characters",
    );
    const user = await inject('POST', '/api/user/create', undefined, {
      email: 'ok@example.com',
      password: 'secret1',
      username: 'abc',
      first_name: 'A',
      last_name: 'B',
    });
    expect(user.json<{ error_msg: string }>().error_msg).toBe(
      "Invalid body field 'username': must be at least 4 characters",
    );
  });

  it('logs in by e-mail or username, and refuses a wrong password with 401', async () => {
    const byName = await inject('POST', '/api/user/login', undefined, {
      email: 'Grace',
      password: 'hopper-1906',
    });
    expect(byName.statusCode).toBe(200);
    const byEmail = await inject('POST', '/api/user/login', undefined, {
      email: 'grace@example.com',
      password: 'hopper-1906',
    });
    expect(byEmail.json<{ current_user: { username: string } }>().current_user.username).toBe(
      'grace',
    );
    const wrong = await inject('POST', '/api/user/login', undefined, {
      email: 'grace',
      password: 'nope-nope',
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      status: 'error',
      error_msg: 'Wrong e-mail, username or password.',
    });
  });

  it('accepts the token as a Bearer header and as the key query parameter', async () => {
    const u = await registerUser(t.app);
    expect((await inject('GET', '/api/user/get/me', u.token)).statusCode).toBe(200);
    const viaKey = await inject('GET', `/api/user/get/me?key=${u.token}`);
    expect(viaKey.json<{ current_user: { username: string } }>().current_user.username).toBe(
      u.username,
    );
    expect((await inject('GET', '/api/user/get/me')).statusCode).toBe(401);
  });

  it('does not accept the session cookie on ordinary API calls (no CSRF surface)', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/user/get/me',
      cookies: { sp_session: u.token },
    });
    expect(res.statusCode).toBe(401);
  });

  it('saves profile fields and preferences, and refuses fields the owner may not set', async () => {
    const u = await registerUser(t.app);
    const city = await inject('POST', '/api/user/set/city', u.token, { value: 'Lisbon' });
    expect(city.json<{ current_user: { city: string } }>().current_user.city).toBe('Lisbon');
    const flag = await inject('POST', '/api/user/set/my_clickbait', u.token, { value: true });
    expect(flag.json<{ current_user: { my_clickbait: boolean } }>().current_user.my_clickbait).toBe(
      true,
    );
    for (const key of [
      'is_admin',
      'is_email_validated',
      'username',
      'share_referral_code',
      'subscription',
      'subscription_status',
      'password_hash',
    ]) {
      const res = await inject('POST', `/api/user/set/${key}`, u.token, { value: true });
      expect(res.statusCode, key).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toBe(
        `The property '${key}' cannot be changed.`,
      );
    }
    const bad = await inject('POST', '/api/user/set/my_clickbait', u.token, { value: 'yes' });
    expect(bad.statusCode).toBe(400);
    const me = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(me.is_admin).toBe(false);
    expect(me.is_email_validated).toBe(false);
  });

  it('never lets the generic setter make a user admin or validated', async () => {
    const u = await registerUser(t.app);
    for (const property of ['is_admin', 'is_email_validated']) {
      const res = await inject('POST', `/api/user/set/${u.user.id}/${property}`, u.token, {
        value: true,
      });
      expect(res.statusCode).toBe(403);
    }
    const other = await registerUser(t.app);
    expect(
      (await inject('POST', `/api/user/set/${other.user.id}/city`, u.token, { value: 'x' }))
        .statusCode,
    ).toBe(403);
    expect(
      (await inject('POST', `/api/user/set/${u.user.id}/city`, u.token, { value: 'Porto' }))
        .statusCode,
    ).toBe(200);
    expect((await inject('POST', `/api/widget/set/1/x`, u.token, { value: 'x' })).statusCode).toBe(
      404,
    );
  });

  it('lets an admin set admin-only flags through the generic setter', async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const u = await registerUser(t.app);
    const res = await inject('POST', `/api/user/set/${u.user.id}/is_email_validated`, admin.token, {
      value: true,
    });
    expect(res.statusCode).toBe(200);
    const row = await t.database.db
      .selectFrom('users')
      .select(['is_email_validated', 'validation_status'])
      .where('id', '=', u.user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ is_email_validated: true, validation_status: 'approved' });
  });

  it('logout revokes the token at once', async () => {
    const u = await registerUser(t.app);
    expect((await inject('POST', '/api/user/logout', u.token)).json()).toEqual({
      status: 'success',
    });
    expect((await inject('GET', '/api/user/get/me', u.token)).statusCode).toBe(401);
  });

  it('a password change ends every other session but keeps the current one', async () => {
    const u = await registerUser(t.app);
    const other = (
      await inject('POST', '/api/user/login', undefined, {
        email: u.username,
        password: u.password,
      })
    ).json<{ token: string }>().token;
    const res = await inject('POST', '/api/user/set/password', u.token, {
      value: 'a brand new secret',
    });
    expect(res.statusCode).toBe(200);
    expect((await inject('GET', '/api/user/get/me', u.token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/user/get/me', other)).statusCode).toBe(401);
    const login = await inject('POST', '/api/user/login', undefined, {
      email: u.username,
      password: 'a brand new secret',
    });
    expect(login.statusCode).toBe(200);
  });

  it("a deleted user's token stops working at once", async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const u = await registerUser(t.app);
    const rm = await inject('GET', `/api/user/admin/rm/${u.username}`, admin.token);
    expect(rm.json()).toEqual({ status: 'deleted' });
    expect((await inject('GET', '/api/user/get/me', u.token)).statusCode).toBe(401);
    expect((await inject('GET', `/api/user/admin/rm/${u.username}`, admin.token)).statusCode).toBe(
      404,
    );
  });

  it('an admin cannot delete or demote their own account', async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    expect(
      (await inject('GET', `/api/user/admin/rm/${admin.username}`, admin.token)).statusCode,
    ).toBe(409);
    const demote = await inject('POST', '/api/user/admin/update', admin.token, {
      username: admin.username,
      key: 'is_admin',
      value: false,
    });
    expect(demote.statusCode).toBe(409);
  });

  it('records the referrer from a referral code and refuses an unknown code', async () => {
    const referrer = await registerUser(t.app);
    const referred = await registerUser(t.app, {
      referral: referrer.user.share_referral_code.toLowerCase(),
    });
    const row = await t.database.db
      .selectFrom('users')
      .select('referred_by')
      .where('id', '=', referred.user.id)
      .executeTakeFirstOrThrow();
    expect(row.referred_by).toBe(referrer.user.id);
    await expect(registerUser(t.app, { referral: 'NOPE-NOPE' })).rejects.toThrow(
      /Unknown referral code/,
    );
  });

  it('/user/session sets the cookie from ?key= and redirects to a same-site path only', async () => {
    const u = await registerUser(t.app);
    const res = await inject('GET', `/api/user/session?key=${u.token}&next=/admin/panel`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/panel');
    expect(res.headers['set-cookie']).toMatch(/sp_session=[0-9a-f]{64}/);
    const offsite = await inject('GET', `/api/user/session?key=${u.token}&next=//evil.example`);
    expect(offsite.headers.location).toBe('/');
    const anonymous = await inject('GET', '/api/user/session');
    expect(anonymous.headers.location).toBe('/login?next=%2F');
  });

  it('shows the demo credentials only in demo mode', async () => {
    expect((await inject('GET', '/api/user/demo')).json()).toEqual({
      status: 'success',
      demo: { username: 'demo', password: 'demo-investor' },
    });
    const off = await buildTestApp({ env: { DEMO_MODE: 'false' } });
    expect((await off.app.inject({ method: 'GET', url: '/api/user/demo' })).json()).toEqual({
      status: 'success',
      demo: null,
    });
    await off.close();
  });
});
