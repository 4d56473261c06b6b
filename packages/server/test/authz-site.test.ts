import { describe } from 'vitest';
import { authorisationMatrix, ok, type MatrixRow } from './helpers/authz-matrix.ts';

/** The public site: newsletter, contact and blog × every role. */
const SITE_ROUTES: MatrixRow[] = [
  // The public site: sign-up, contact and blog are public; their inboxes are admins'.
  {
    name: 'POST /subscription/subscribe/email',
    call: {
      method: 'POST',
      url: () => '/api/subscription/subscribe/email',
      body: (t) => ({ email: t.email }),
    },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /subscription/confirm (unknown token)',
    call: {
      method: 'POST',
      url: () => '/api/subscription/confirm',
      body: () => ({ token: '0'.repeat(64) }),
    },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /unsubscribe (unknown token: a page)',
    call: { method: 'GET', url: () => `/api/unsubscribe?token=${'0'.repeat(64)}`, html: true },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'POST /unsubscribe (unknown token: a page)',
    call: { method: 'POST', url: () => `/api/unsubscribe?token=${'0'.repeat(64)}`, html: true },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /subscription/unsubscribe (unknown token: a page)',
    call: {
      method: 'GET',
      url: () => `/api/subscription/unsubscribe?token=${'0'.repeat(64)}`,
      html: true,
    },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'POST /subscription/unsubscribe (unknown token: a page)',
    call: {
      method: 'POST',
      url: () => `/api/subscription/unsubscribe?token=${'0'.repeat(64)}`,
      html: true,
    },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /subscription/admin/list',
    call: { method: 'GET', url: () => '/api/subscription/admin/list' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /subscription/admin/export',
    call: { method: 'GET', url: () => '/api/subscription/admin/export' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /contact/submit',
    call: {
      method: 'POST',
      url: () => '/api/contact/submit',
      body: (t) => ({ name: 'Ada', email: t.email, subject: 'Hello', message: 'A question.' }),
    },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /contact/details',
    call: { method: 'GET', url: () => '/api/contact/details' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /site/figures',
    call: { method: 'GET', url: () => '/api/site/figures' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /contact/admin/inbox',
    call: { method: 'GET', url: () => '/api/contact/admin/inbox' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /contact/admin/mark/{unknown id}',
    call: {
      method: 'POST',
      url: () => '/api/contact/admin/mark/00000000-0000-4000-8000-000000000000',
      body: () => ({ read: true }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'GET /blog/posts',
    call: { method: 'GET', url: () => '/api/blog/posts' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /blog/posts/{unknown slug}',
    call: { method: 'GET', url: () => '/api/blog/posts/weekly-market-recap-2000-01-03' },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
];

describe('authorisation matrix of the public site routes', () => {
  authorisationMatrix(SITE_ROUTES);
});
