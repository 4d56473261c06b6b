import { describe } from 'vitest';
import { authorisationMatrix, ok, type MatrixRow } from './helpers/authz-matrix.ts';

/** The portfolio and the dashboard × every role. */
const PORTFOLIO_ROUTES: MatrixRow[] = [
  // Portfolio: the caller's own portfolios; an unknown (or another user's) transaction
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
  // Dashboard: the caller's own calendar and widgets; recommendations are public.
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
];

describe('authorisation matrix of the portfolio and dashboard routes', () => {
  authorisationMatrix(PORTFOLIO_ROUTES);
});
