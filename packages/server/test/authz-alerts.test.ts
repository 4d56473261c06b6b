import { describe } from 'vitest';
import { authorisationMatrix, ok, UNKNOWN_ID, type MatrixRow } from './helpers/authz-matrix.ts';

/** Alerts, digests, Telegram, channels and the bell × every role. */
const ALERT_ROUTES: MatrixRow[] = [
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
    name: 'GET /alerts/rules (own rules only)',
    call: { method: 'GET', url: () => '/api/alerts/rules' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /alerts/rules',
    call: {
      method: 'POST',
      url: () => '/api/alerts/rules',
      body: () => ({ kind: 'keyword', scope: 'any', keyword: 'merger', channels: ['in_app'] }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /alerts/rules/history (own firings only)',
    call: { method: 'GET', url: () => '/api/alerts/rules/history' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /alerts/rules/{id} (not a rule of the caller)',
    call: {
      method: 'POST',
      url: () => `/api/alerts/rules/${UNKNOWN_ID}`,
      body: () => ({ kind: 'keyword', scope: 'any', keyword: 'merger', channels: ['in_app'] }),
    },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'POST /alerts/rules/{id}/pause (not a rule of the caller)',
    call: {
      method: 'POST',
      url: () => `/api/alerts/rules/${UNKNOWN_ID}/pause`,
      body: () => ({ paused: true }),
    },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'POST /alerts/rules/{id}/delete (not a rule of the caller)',
    call: { method: 'POST', url: () => `/api/alerts/rules/${UNKNOWN_ID}/delete` },
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

describe('authorisation matrix of the alerts, Telegram and channels routes', () => {
  authorisationMatrix(ALERT_ROUTES);
});
