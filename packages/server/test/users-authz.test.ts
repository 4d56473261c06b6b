import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

type Role = 'visitor' | 'user' | 'validated' | 'admin';
type Call = {
  method: 'GET' | 'POST';
  url: (target: TestUser, self: TestUser | undefined) => string;
  body?: (target: TestUser) => unknown;
  /** The route answers a page (HTML), not the JSON envelope. */
  html?: boolean;
  /** The route answers a never-ending event stream: only its status is read (issue 18). */
  stream?: boolean;
};

const ok = 200;
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
/** An article the comment rows write under (inserted before the matrix runs). */
let articleId = '';
/** Every route of the accounts and prompts issues × every role: the exact status each must get. */
const MATRIX: { name: string; call: Call; expect: Record<Role, number> }[] = [
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
  // Prompts (issue 11): the caller's own only; the queue for admins.
  {
    name: 'POST /prompts/create',
    call: {
      method: 'POST',
      url: () => '/api/prompts/create',
      body: () => ({ prompt: 'How is my portfolio doing?', selection: [], type: 'CHAT' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /prompts/query',
    call: {
      method: 'GET',
      url: (_t, self) => `/api/prompts/query?username=${self?.username ?? ''}`,
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: "GET /prompts/query?username={other's}",
    call: { method: 'GET', url: (t) => `/api/prompts/query?username=${t.username}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /prompts/get/{unknown id}',
    call: { method: 'GET', url: () => '/api/prompts/get/00000000-0000-4000-8000-000000000000' },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /prompts/stream/{unknown id}',
    call: { method: 'GET', url: () => '/api/prompts/stream/00000000-0000-4000-8000-000000000000' },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /live?topics=news,quotes:NASDAQ:AAPL',
    call: { method: 'GET', url: () => '/api/live?topics=news,quotes:NASDAQ:AAPL', stream: true },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /live?topics=alerts,prompts (own)',
    call: { method: 'GET', url: () => '/api/live?topics=alerts,prompts', stream: true },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: "GET /live?topics=alerts:{other's id}",
    call: { method: 'GET', url: (t) => `/api/live?topics=alerts:${t.user.id}`, stream: true },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /live?topics={unknown}',
    call: { method: 'GET', url: () => '/api/live?topics=admin', stream: true },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /prompts/rm?id={unknown id}',
    call: { method: 'GET', url: () => '/api/prompts/rm?id=00000000-0000-4000-8000-000000000000' },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /prompts/rm/ALL?type=CHAT',
    call: { method: 'GET', url: () => '/api/prompts/rm/ALL?type=CHAT' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /prompts/rm/ALL?type__in=email_prompt,PORTFOLIO',
    call: { method: 'POST', url: () => '/api/prompts/rm/ALL?type__in=email_prompt,PORTFOLIO' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /prompts/state',
    call: { method: 'GET', url: () => '/api/prompts/state' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  // Portfolio (issue 12): the caller's own portfolios; an unknown (or another user's) transaction
  // is a 404; this database has no listings, so recording a purchase is a 400 once logged in.
  ...(
    [
      ['GET', '/api/portfolio/list', undefined, ok],
      ['POST', '/api/portfolio/create', { name: 'ira' }, ok],
      ['GET', '/api/portfolio/transactions', undefined, ok],
      [
        'POST',
        '/api/portfolio/transactions/create',
        { type: 'buy', symbol: 'NASDAQ:AAPL', date: '2026-01-05', quantity: 1, price: 1 },
        400,
      ],
      [
        'POST',
        '/api/portfolio/transactions/update/00000000-0000-4000-8000-000000000000',
        { type: 'buy', symbol: 'NASDAQ:AAPL', date: '2026-01-05', quantity: 1, price: 1 },
        404,
      ],
      [
        'GET',
        '/api/portfolio/transactions/rm/00000000-0000-4000-8000-000000000000',
        undefined,
        404,
      ],
      ['GET', '/api/portfolio/snapshot', undefined, ok],
      ['GET', '/api/portfolio/export', undefined, ok],
      ['POST', '/api/portfolio/import/preview', { csv: 'date,type,symbol,quantity,price' }, ok],
      ['POST', '/api/portfolio/import', { csv: 'date,type,symbol,quantity,price' }, 400],
    ] as const
  ).map(([method, url, body, status]) => ({
    name: `${method} ${url.replace('/api', '')}`,
    call: { method, url: () => url, ...(body && { body: () => body }) },
    expect: { visitor: 401, user: status, validated: status, admin: status },
  })),
  // Dashboard (issue 12): the caller's own calendar and widgets; recommendations are public.
  {
    name: 'GET /calendar/events',
    call: { method: 'GET', url: () => '/api/calendar/events?from=2026-11-01&to=2026-11-30' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /calendar/events/create',
    call: {
      method: 'POST',
      url: () => '/api/calendar/events/create',
      body: () => ({ title: 'Results day', date: '2026-12-01' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /calendar/events/update/{unknown id}',
    call: {
      method: 'POST',
      url: () => '/api/calendar/events/update/00000000-0000-4000-8000-000000000000',
      body: () => ({ title: 'Results day', date: '2026-12-01' }),
    },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /calendar/events/rm/{unknown id}',
    call: {
      method: 'GET',
      url: () => '/api/calendar/events/rm/00000000-0000-4000-8000-000000000000',
    },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /company/recommendations',
    call: { method: 'GET', url: () => '/api/company/recommendations?limit=20' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /user/widgets',
    call: { method: 'GET', url: () => '/api/user/widgets' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /user/widgets',
    call: {
      method: 'POST',
      url: () => '/api/user/widgets',
      body: () => ({ widgets: [{ id: 'movers', visible: true }] }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  // Billing (issue 13).
  {
    name: 'GET /payment/plans',
    call: { method: 'GET', url: () => '/api/payment/plans' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /payment/create_checkout_session',
    call: {
      method: 'GET',
      url: () => '/api/payment/create_checkout_session?product=tier1_monthly',
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /payment/portal (a browser navigation: visitors are sent to log in)',
    call: { method: 'GET', url: () => '/api/payment/portal' },
    expect: { visitor: 302, user: 302, validated: 302, admin: 302 },
  },
  {
    name: 'GET /payment/status',
    call: { method: 'GET', url: () => '/api/payment/status' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /payment/cancel_feedback',
    call: {
      method: 'POST',
      url: () => '/api/payment/cancel_feedback',
      body: () => ({ reason: 'other', text: '' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /payment/referrals',
    call: { method: 'GET', url: () => '/api/payment/referrals' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /payment/admin/overview',
    call: { method: 'GET', url: () => '/api/payment/admin/overview' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /payment/webhook (unsigned)',
    call: { method: 'POST', url: () => '/api/payment/webhook', body: () => ({ id: 'evt_1' }) },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'GET /payment/offline/checkout/{unknown session}',
    call: { method: 'GET', url: () => `/api/payment/offline/checkout/cs_test_${'0'.repeat(24)}` },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /payment/offline/portal/{unknown session}',
    call: { method: 'GET', url: () => `/api/payment/offline/portal/bps_test_${'0'.repeat(24)}` },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
  // The public site (issue 15): sign-up, contact and blog are public; their inboxes are admins'.
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
    name: 'GET /alerts/settings',
    call: { method: 'GET', url: () => '/api/alerts/settings' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /alerts/settings',
    call: { method: 'POST', url: () => '/api/alerts/settings', body: () => ({ hourly_cap: 5 }) },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /alerts/mine (own alerts only)',
    call: { method: 'GET', url: () => '/api/alerts/mine' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /alerts/mine/seen (not an alert of the caller)',
    call: {
      method: 'POST',
      url: () => '/api/alerts/mine/seen',
      body: () => ({ up_to: '00000000-0000-4000-8000-000000000000' }),
    },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /alerts/admin/deliveries',
    call: { method: 'GET', url: () => '/api/alerts/admin/deliveries' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /alerts/unsubscribe (unknown token: a page)',
    call: {
      method: 'GET',
      url: () => `/api/alerts/unsubscribe?token=${'0'.repeat(64)}`,
      html: true,
    },
    expect: { visitor: 400, user: 400, validated: 400, admin: 400 },
  },
  {
    name: 'POST /alerts/unsubscribe (unknown token: a page)',
    call: {
      method: 'POST',
      url: () => `/api/alerts/unsubscribe?token=${'0'.repeat(64)}`,
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
  // Spec §7: every company load asks for a refresh, visitors included (rate-limited per address).
  {
    name: 'GET /ticker/invalidate/{unknown symbol}',
    call: { method: 'GET', url: () => '/api/ticker/invalidate/NOPE:ZZZ' },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
  // The company debug views (issue 19): admins and users with the debug interface.
  {
    name: 'GET /company/get/{unknown id}',
    call: { method: 'GET', url: () => '/api/company/get/NOPE:ZZZ' },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'GET /company/invalidate/{unknown id}',
    call: { method: 'GET', url: () => `/api/company/invalidate/${UNKNOWN_ID}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  // The article debug views (issue 19): 'reindex' beside 'force reindex', admins and debug users.
  {
    name: 'GET /news/reindex/{article id}',
    call: { method: 'GET', url: () => `/api/news/reindex/${articleId}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /news/reindex/{unknown id}',
    call: { method: 'GET', url: () => `/api/news/reindex/${UNKNOWN_ID}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  // The developer gallery (issue 19).
  {
    name: 'GET /dev/maps-config',
    call: { method: 'GET', url: () => '/api/dev/maps-config' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
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
  // The analyst's track record (issue 17 §4): public, the stored result of the nightly job.
  {
    name: 'GET /analysis/track-record',
    call: { method: 'GET', url: () => '/api/analysis/track-record' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  // Comments (issue 14): reading is public, writing needs a validated user, moderation an admin.
  {
    name: 'GET /comments/query',
    call: {
      method: 'GET',
      url: () => `/api/comments/query?parent_obj_id=${articleId}&parent_comment_id=NULL`,
    },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /comments/create',
    call: {
      method: 'POST',
      url: () => '/api/comments/create',
      body: (t) => ({
        parent_obj: 'news',
        parent_obj_id: articleId,
        parent_comment_id: null,
        content: `A comment about ${t.username}`,
      }),
    },
    expect: { visitor: 401, user: 403, validated: ok, admin: ok },
  },
  {
    name: 'POST /comments/update (unknown id)',
    call: {
      method: 'POST',
      url: () => '/api/comments/update',
      body: () => ({ id: UNKNOWN_ID, content: 'Edited' }),
    },
    expect: { visitor: 401, user: 403, validated: 404, admin: 404 },
  },
  {
    name: 'POST /comments/delete (unknown id)',
    call: { method: 'POST', url: () => '/api/comments/delete', body: () => ({ id: UNKNOWN_ID }) },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /comments/replies/unread',
    call: { method: 'GET', url: () => '/api/comments/replies/unread' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /comments/replies/seen',
    call: { method: 'POST', url: () => '/api/comments/replies/seen' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /comments/admin/reports',
    call: { method: 'GET', url: () => '/api/comments/admin/reports' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /comments/admin/hide (unknown id)',
    call: {
      method: 'POST',
      url: () => '/api/comments/admin/hide',
      body: () => ({ id: UNKNOWN_ID, value: true }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'POST /comments/admin/dismiss',
    call: {
      method: 'POST',
      url: () => '/api/comments/admin/dismiss',
      body: () => ({ parent_obj_id: articleId, parent_comment_id: null }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /telegram/info',
    call: { method: 'GET', url: () => '/api/telegram/info' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /telegram/link (bot off in tests)',
    call: { method: 'POST', url: () => '/api/telegram/link' },
    expect: { visitor: 401, user: 409, validated: 409, admin: 409 },
  },
  {
    name: 'POST /telegram/unregister',
    call: { method: 'POST', url: () => '/api/telegram/unregister' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /telegram/webhook (webhook mode off)',
    call: { method: 'POST', url: () => '/api/telegram/webhook', body: () => ({ update_id: 1 }) },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'GET /channels/list',
    call: { method: 'GET', url: () => '/api/channels/list' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /channels/add',
    call: {
      method: 'POST',
      url: () => '/api/channels/add',
      body: () => ({ chat_id: '-100123', title: 'Public channel' }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'POST /channels/set/{unknown id}',
    call: {
      method: 'POST',
      url: () => `/api/channels/set/${UNKNOWN_ID}`,
      body: () => ({ enabled: false }),
    },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'POST /channels/test/{unknown id} (bot off in tests)',
    call: { method: 'POST', url: () => `/api/channels/test/${UNKNOWN_ID}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: 409 },
  },
  {
    name: 'POST /channels/remove/{unknown id}',
    call: { method: 'POST', url: () => `/api/channels/remove/${UNKNOWN_ID}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  {
    name: 'GET /channels/posts',
    call: { method: 'GET', url: () => '/api/channels/posts' },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
];

describe('authorisation matrix of the accounts routes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
    articleId = (
      await t.database.db
        .insertInto('news')
        .values({
          link: 'https://example.com/authz',
          guid: 'authz',
          title: 'An article to comment on',
          summary: null,
          ai_summary: null,
          no_bullshit: null,
          creation_date: new Date('2026-11-20T12:00:00Z'),
          interest_score: null,
          AI: null,
          experiment: null,
          status_reason: null,
          source: 'test',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  async function caller(role: Role): Promise<TestUser | undefined> {
    if (role === 'visitor') return undefined;
    const u = await registerUser(t.app);
    if (role === 'validated') await grant(t.database.db, u.user.id, { is_email_validated: true });
    if (role === 'admin') await grant(t.database.db, u.user.id, { is_admin: true });
    return u;
  }

  for (const row of MATRIX) {
    for (const role of ['visitor', 'user', 'validated', 'admin'] as const) {
      it(`${row.name} answers ${row.expect[role]} to a ${role}`, async () => {
        const self = await caller(role);
        const target = await registerUser(t.app);
        const res = await t.app.inject({
          method: row.call.method,
          url: row.call.url(target, self),
          headers: self ? bearer(self.token) : {},
          ...(row.call.body && { payload: row.call.body(target) as object }),
          ...(row.call.stream && { payloadAsStream: true }),
        });
        if (row.call.stream) {
          expect(res.statusCode).toBe(row.expect[role]);
          res.stream().destroy();
          return;
        }
        expect(res.statusCode, res.body).toBe(row.expect[role]);
        if (res.statusCode >= 400 && !row.call.html) {
          expect(res.json<{ status: string }>().status).toBe('error');
        }
      });
    }
  }

  it('answers public routes of the accounts issue to a visitor', async () => {
    const recovery = await t.app.inject({
      method: 'POST',
      url: '/api/user/password_recovery',
      payload: { email: 'nobody@example.com' },
    });
    expect(recovery.statusCode).toBe(200);
    const token = await t.app.inject({ method: 'GET', url: '/api/user/token?key=abc' });
    expect(token.statusCode).toBe(400);
    const confirm = await t.app.inject({
      method: 'GET',
      url: '/api/user/validate_email/confirm?key=abc',
    });
    expect(confirm.statusCode).toBe(302);
  });
});
