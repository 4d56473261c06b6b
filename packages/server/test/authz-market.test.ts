import { describe } from 'vitest';
import {
  authorisationMatrix,
  ok,
  UNKNOWN_ID,
  authzFixtures,
  type MatrixRow,
} from './helpers/authz-matrix.ts';

/** The company refresh (spec §7), the debug views and the developer gallery and the analyst's track record × every role. */
const MARKET_ROUTES: MatrixRow[] = [
  // Spec §7: every company load asks for a refresh, visitors included (rate-limited per address).
  {
    name: 'GET /ticker/invalidate/{unknown symbol}',
    call: { method: 'GET', url: () => '/api/ticker/invalidate/NOPE:ZZZ' },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
  // The company debug views: admins and users with the debug interface.
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
  // The article debug views: 'reindex' beside 'force reindex', admins and debug users.
  {
    name: 'GET /news/reindex/{article id}',
    call: { method: 'GET', url: () => `/api/news/reindex/${authzFixtures.articleId}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: ok },
  },
  {
    name: 'GET /news/reindex/{unknown id}',
    call: { method: 'GET', url: () => `/api/news/reindex/${UNKNOWN_ID}` },
    expect: { visitor: 401, user: 403, validated: 403, admin: 404 },
  },
  // The developer gallery.
  {
    name: 'GET /dev/maps-config',
    call: { method: 'GET', url: () => '/api/dev/maps-config' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  // The analyst's track record: public, the stored result of the nightly job.
  {
    name: 'GET /analysis/track-record',
    call: { method: 'GET', url: () => '/api/analysis/track-record' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
];

describe('authorisation matrix of the company, debug and track record routes', () => {
  authorisationMatrix(MARKET_ROUTES);
});
