import type { Company } from '@app/shared/api/companies';
import type { Financials, Ticker } from '@app/shared/api/market';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { renderWithProviders } from '../../../test/render';

/** Renders `ui` at `url` inside the app's providers and a router (links, locations). */
export function renderInRouter(ui: ReactNode, url = '/') {
  const router = createMemoryRouter(
    [
      { path: '*', element: ui },
      { path: '/login', element: <p>Login page</p> },
    ],
    { initialEntries: [url] },
  );
  const view = renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}

const NOW = 1_760_000_000;

/** A quote as /company/financials/get answers it. */
export function makeFinancials(symbol: string, overrides: Partial<Financials> = {}): Financials {
  const ticker = symbol.split(':')[1] ?? symbol;
  return {
    exchange_ticker: symbol,
    image: null,
    company_name: `${ticker} Corp`,
    quote_type: 'EQUITY',
    price: 101.5,
    previous_close: 100,
    current_open: 100.25,
    currency: 'USD',
    change: 1.5,
    change_pct: 1.5,
    day_low: 99.1,
    day_high: 102.345,
    change_pct_1: 1.5,
    change_pct_8: 4.2,
    change_pct_31: 8.4,
    change_pct_365: 25.25,
    as_of: NOW,
    updated_at: NOW,
    source: 'demo',
    ...overrides,
  };
}

/** A company as /company/query answers it. */
export function makeCompany(symbol: string, overrides: Partial<Company> = {}): Company {
  const ticker = symbol.split(':')[1] ?? symbol;
  return {
    id: `id-${ticker.toLowerCase()}`,
    company_name: `${ticker} Corp`,
    exchange_tickers: [symbol],
    website: `https://www.${ticker.toLowerCase()}.example`,
    wikipedia: '',
    gics_sector: 'Information Technology',
    gics_sub_industry: 'Semiconductors',
    ai_summary: null,
    long_business_summary: `${ticker} designs chips for data centers.`,
    tools: [],
    quote_type: 'EQUITY',
    safe_name: `${ticker.toLowerCase()}_corp`,
    ...overrides,
  };
}

/** A row of /ticker/query/simple. */
export function makeTicker(symbol: string, overrides: Partial<Ticker> = {}): Ticker {
  const ticker = symbol.split(':')[1] ?? symbol;
  return {
    exchange_ticker: symbol,
    company_name: `${ticker} Corp`,
    currency: 'USD',
    price: 50,
    change: 1,
    change_pct: 2,
    image: null,
    change_pct_1: 2,
    change_pct_8: 6,
    change_pct_31: 10,
    change_pct_365: 40,
    source: 'demo',
    ...overrides,
  };
}

/** The watchlist envelope the watchlist endpoints answer. */
export function watchlistBody(
  symbols: readonly string[],
  financials?: Record<string, Financials>,
  name = 'default',
) {
  return {
    status: 'success',
    name,
    exchange_tickers: [...symbols],
    ...(financials ? { financials } : {}),
  };
}
