import { describe } from 'vitest';
import { authorisationMatrix, ok, type MatrixRow } from './helpers/authz-matrix.ts';

const everyone = { visitor: ok, user: ok, validated: ok, admin: ok };
const usersOnly = { visitor: 401, user: ok, validated: ok, admin: ok };
const UNKNOWN_FEED = `/api/market-calendar/feed/${'0'.repeat(64)}.ics`;

/** The market calendar × every role: the market's dates are public, a user's own views are not. */
const MARKET_CALENDAR_ROUTES: MatrixRow[] = [
  {
    name: 'GET /market-calendar/week (the whole market)',
    call: { method: 'GET', url: () => '/api/market-calendar/week?kind=earnings' },
    expect: everyone,
  },
  {
    name: 'GET /market-calendar/week (scope holdings)',
    call: { method: 'GET', url: () => '/api/market-calendar/week?kind=dividends&scope=holdings' },
    expect: usersOnly,
  },
  {
    name: 'GET /market-calendar/week (scope watchlist)',
    call: { method: 'GET', url: () => '/api/market-calendar/week?kind=earnings&scope=watchlist' },
    expect: usersOnly,
  },
  {
    name: 'GET /market-calendar/company/{symbol}',
    call: { method: 'GET', url: () => '/api/market-calendar/company/NASDAQ:AAPL' },
    expect: everyone,
  },
  {
    name: 'GET /market-calendar/holdings-week',
    call: { method: 'GET', url: () => '/api/market-calendar/holdings-week' },
    expect: usersOnly,
  },
  {
    name: 'GET /market-calendar/feed',
    call: { method: 'GET', url: () => '/api/market-calendar/feed' },
    expect: usersOnly,
  },
  {
    name: 'POST /market-calendar/feed/create',
    call: { method: 'POST', url: () => '/api/market-calendar/feed/create' },
    expect: usersOnly,
  },
  {
    name: 'POST /market-calendar/feed/revoke',
    call: { method: 'POST', url: () => '/api/market-calendar/feed/revoke' },
    expect: usersOnly,
  },
  // The token is the credential: an unknown one is not found for anyone, logged in or not.
  {
    name: 'GET /market-calendar/feed/{unknown token}.ics',
    call: { method: 'GET', url: () => UNKNOWN_FEED },
    expect: { visitor: 404, user: 404, validated: 404, admin: 404 },
  },
];

describe('authorisation matrix of the market calendar routes', () => {
  authorisationMatrix(MARKET_CALENDAR_ROUTES);
});
