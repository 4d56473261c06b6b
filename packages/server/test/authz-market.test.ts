import { describe } from 'vitest';
import {
  authorisationMatrix,
  ok,
  UNKNOWN_ID,
  authzFixtures,
  type MatrixRow,
} from './helpers/authz-matrix.ts';

/** The company refresh (spec §7), the debug views, the developer gallery, the analyst's track record and the screener × every role. */
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
  // The screener: visitors read it; personal filters and saved screens are for signed-in users.
  {
    name: 'GET /screener/query',
    call: { method: 'GET', url: () => '/api/screener/query?order_by=-price' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /screener/query?in_watchlist=1',
    call: { method: 'GET', url: () => '/api/screener/query?in_watchlist=1' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /screener/facets',
    call: { method: 'GET', url: () => '/api/screener/facets' },
    expect: { visitor: ok, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'GET /screener/screens',
    call: { method: 'GET', url: () => '/api/screener/screens' },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /screener/screens',
    call: {
      method: 'POST',
      url: () => '/api/screener/screens',
      body: () => ({ name: 'Energy', query: 'sector=Energy' }),
    },
    expect: { visitor: 401, user: ok, validated: ok, admin: ok },
  },
  {
    name: 'POST /screener/screens/delete {unknown id}',
    call: {
      method: 'POST',
      url: () => '/api/screener/screens/delete',
      body: () => ({ id: UNKNOWN_ID }),
    },
    expect: { visitor: 401, user: 404, validated: 404, admin: 404 },
  },
];

describe('authorisation matrix of the company, debug and track record routes', () => {
  authorisationMatrix(MARKET_ROUTES);
});
