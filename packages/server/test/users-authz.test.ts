import { describe, expect, it } from 'vitest';
import { authorisationMatrix, ok, type MatrixRow } from './helpers/authz-matrix.ts';

/** Every route of the accounts issue (profile, e-mail, sessions, administration) × every role. */
const ACCOUNT_ROUTES: MatrixRow[] = [
  {
    name: 'GET /user/get/me',
    call: { method: 'GET', url: () => '/api/user/get/me' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /user/set/city',
    call: { method: 'POST', url: () => '/api/user/set/city', body: () => ({ value: 'Oslo' }) },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /user/set/password',
    call: {
      method: 'POST',
      url: () => '/api/user/set/password',
      body: () => ({ value: 'correct horse battery' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /user/set/{own id}/about_me',
    call: {
      method: 'POST',
      url: (_t, self) => `/api/user/set/${self?.user.id ?? 'x'}/about_me`,
      body: () => ({ value: 'hi' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: "POST /user/set/{other's id}/is_admin",
    call: {
      method: 'POST',
      url: (t) => `/api/user/set/${t.user.id}/is_admin`,
      body: () => ({ value: false }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /user/validate_email',
    call: { method: 'GET', url: () => '/api/user/validate_email' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /user/logout',
    call: { method: 'POST', url: () => '/api/user/logout' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /user/demo',
    call: { method: 'GET', url: () => '/api/user/demo' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /user/admin/get/ALL',
    call: { method: 'GET', url: () => '/api/user/admin/get/ALL' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /user/admin/validation_queue',
    call: { method: 'GET', url: () => '/api/user/admin/validation_queue' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /user/admin/outbox',
    call: { method: 'GET', url: () => '/api/user/admin/outbox' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /user/admin/outbox/:id',
    call: {
      method: 'GET',
      url: () => '/api/user/admin/outbox/00000000-0000-4000-8000-000000000000',
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'POST /user/admin/update',
    call: {
      method: 'POST',
      url: () => '/api/user/admin/update',
      body: (t) => ({ username: t.username, key: 'my_instant_alerts', value: true }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /user/admin/reject/{username}',
    call: { method: 'POST', url: (t) => `/api/user/admin/reject/${t.username}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /user/admin/rm/{username}',
    call: { method: 'GET', url: (t) => `/api/user/admin/rm/${t.username}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
];

describe('authorisation matrix of the accounts routes', () => {
  const app = authorisationMatrix(ACCOUNT_ROUTES);

  it('answers public routes of the accounts issue to a visitor', async () => {
    const recovery = await app().app.inject({
      method: 'POST',
      url: '/api/user/password_recovery',
      payload: { email: 'nobody@example.com' },
    });
    expect(recovery.statusCode).toBe(200);
    const token = await app().app.inject({ method: 'GET', url: '/api/user/token?key=abc' });
    expect(token.statusCode).toBe(400);
    const confirm = await app().app.inject({
      method: 'GET',
      url: '/api/user/validate_email/confirm?key=abc',
    });
    expect(confirm.statusCode).toBe(302);
  });
});
