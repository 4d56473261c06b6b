import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

type Caller = 'visitor' | 'user' | 'admin';
type Case = {
  method: 'GET' | 'POST';
  url: string;
  body?: Record<string, unknown>;
  as?: Caller;
  field: string;
};

const NUL = 'NUL bytes are not allowed.';
const SURROGATE = 'lone Unicode surrogates are not allowed.';
const ARTICLE_ID = '00000000-0000-4000-8000-000000000000';

// Every route whose text reaches PostgreSQL, which cannot store U+0000 (nor invalid UTF-8).
const nulCases: Case[] = [
  { method: 'GET', url: '/api/ticker/suggestions?query=AA%00PL', field: "query parameter 'query'" },
  { method: 'GET', url: '/api/company/suggestions?query=%00', field: "query parameter 'query'" },
  {
    method: 'GET',
    url: '/api/company/categories?group=gics_sub_industry&gics_sector=Energy%00',
    field: "query parameter 'gics_sector'",
  },
  {
    method: 'GET',
    url: '/api/company/query?company_name=App%00le',
    field: "query parameter 'company_name'",
  },
  { method: 'GET', url: '/api/company/query?name=%00', field: "query parameter 'name'" },
  { method: 'GET', url: '/api/news/query?title=%00', field: "query parameter 'title'" },
  { method: 'GET', url: '/api/news/search/earn%00ings', field: "path parameter 'query'" },
  { method: 'GET', url: '/api/news/get/abc%00', field: "path parameter 'id'" },
  { method: 'GET', url: '/api/news/translate/abc%00/es', as: 'user', field: "path parameter 'id'" },
  {
    method: 'POST',
    url: '/api/user/login',
    body: { email: 'someone\u0000@example.com', password: 'whatever' },
    field: "body field 'email'",
  },
  {
    method: 'POST',
    url: '/api/user/password_recovery',
    body: { email: '\u0000' },
    field: "body field 'email'",
  },
  {
    method: 'POST',
    url: '/api/user/create',
    body: {
      email: 'nul@example.com',
      password: 'correct horse battery',
      username: 'nul\u0000user',
      first_name: 'Ada',
      last_name: 'Lovelace',
    },
    field: "body field 'username'",
  },
  {
    method: 'POST',
    url: '/api/user/set/first_name',
    body: { value: 'Ada\u0000' },
    as: 'user',
    field: "body field 'value'",
  },
  {
    method: 'POST',
    url: '/api/user/set/first%00name',
    body: { value: 'Ada' },
    as: 'user',
    field: "path parameter 'key'",
  },
  {
    method: 'POST',
    url: '/api/user/admin/update',
    body: { username: 'someone\u0000', key: 'is_email_validated', value: true },
    as: 'admin',
    field: "body field 'username'",
  },
  {
    method: 'POST',
    url: `/api/news/set/${ARTICLE_ID}%00/is_blocked`,
    body: { value: true },
    as: 'admin',
    field: "path parameter 'id'",
  },
  {
    method: 'POST',
    url: `/api/news/set/${ARTICLE_ID}/is_blocked`,
    body: { value: 'yes\u0000' },
    as: 'admin',
    field: "body field 'value'",
  },
];

const surrogateCases: Case[] = nulCases
  .filter((c) => c.body !== undefined && c.field.startsWith('body'))
  .map((c) => ({
    ...c,
    body: Object.fromEntries(
      Object.entries(c.body ?? {}).map(([k, v]) => [
        k,
        typeof v === 'string' ? v.replace('\u0000', '\ud800') : v,
      ]),
    ),
  }));

describe('text PostgreSQL cannot store', () => {
  let t: TestApp;
  const callers: Partial<Record<Caller, TestUser>> = {};

  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    callers.user = await registerUser(t.app);
    callers.admin = await registerUser(t.app);
    await grant(t.database.db, callers.admin.user.id, { is_admin: true });
  });
  afterAll(() => t.close());

  const send = (c: Case) => {
    const caller = c.as && c.as !== 'visitor' ? callers[c.as] : undefined;
    return t.app.inject({
      method: c.method,
      url: c.url,
      headers: caller ? bearer(caller.token) : {},
      ...(c.body !== undefined && { payload: c.body }),
    });
  };

  it.each(nulCases)(
    'answers 400 naming the $field of $method $url when it holds a NUL byte',
    async (c) => {
      const res = await send(c);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', error_msg: `Invalid ${c.field}: ${NUL}` });
    },
  );

  it.each(surrogateCases)(
    'answers 400 naming the $field of $method $url when it holds a lone surrogate',
    async (c) => {
      const res = await send(c);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        error_msg: `Invalid ${c.field}: ${SURROGATE}`,
      });
    },
  );

  it('names a nested body field and a field name holding a NUL byte', async () => {
    const nested = await send({
      method: 'POST',
      url: '/api/user/login',
      body: { email: 'a@example.com', password: 'x', extra: [{ note: 'ok' }, { note: 'b\u0000' }] },
      field: '',
    });
    expect(nested.json()).toEqual({
      status: 'error',
      error_msg: `Invalid body field 'extra.1.note': ${NUL}`,
    });
    const key = await send({
      method: 'POST',
      url: '/api/user/login',
      body: { email: 'a@example.com', password: 'x', 'e\u0000mail': 'a' },
      field: '',
    });
    expect(key.statusCode).toBe(400);
    expect(key.json()).toEqual({
      status: 'error',
      error_msg: `Invalid body field name 'e\\u0000mail': ${NUL}`,
    });
  });

  it('still answers ordinary text, including characters outside the Basic Multilingual Plane', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/company/suggestions?query=${encodeURIComponent('Apple 📈')}`,
    });
    expect(res.statusCode).toBe(200);
  });
});
