import { describe } from 'vitest';
import { authorisationMatrix, ok, type MatrixRow } from './helpers/authz-matrix.ts';

/** Plans, payments and referrals × every role. */
const BILLING_ROUTES: MatrixRow[] = [
  // Billing.
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
];

describe('authorisation matrix of the billing routes', () => {
  authorisationMatrix(BILLING_ROUTES);
});
