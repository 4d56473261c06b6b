import { randomBytes } from 'node:crypto';
import { describe } from 'vitest';
import { authorisationMatrix, ok, UNKNOWN_ID, type MatrixRow } from './helpers/authz-matrix.ts';

/** A browser's subscription as `PushSubscription.toJSON()` gives it (never sent to: no test push). */
const subscription = () => ({
  endpoint: `https://push.example.com/send/${randomBytes(12).toString('base64url')}`,
  keys: {
    p256dh: Buffer.concat([Buffer.from([4]), randomBytes(64)]).toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
});

/** Browser notifications × every role: each user reaches only their own browsers. */
const PUSH_ROUTES: MatrixRow[] = [
  {
    name: 'GET /push/key',
    call: { method: 'GET', url: () => '/api/push/key' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /push/devices (own browsers only)',
    call: { method: 'GET', url: () => '/api/push/devices' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /push/subscribe',
    call: { method: 'POST', url: () => '/api/push/subscribe', body: subscription },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /push/devices/{unknown id}/remove',
    call: { method: 'POST', url: () => `/api/push/devices/${UNKNOWN_ID}/remove` },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
  {
    name: 'POST /push/test (no browser yet)',
    call: { method: 'POST', url: () => '/api/push/test' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
];

describe('authorisation matrix of the browser push routes', () => {
  authorisationMatrix(PUSH_ROUTES);
});
