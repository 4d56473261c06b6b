import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { renderRoute } from '../../../../test/render';

const COMPANIES: Record<string, { name: string; sector: string }> = {
  'NASDAQ:AAPL': { name: 'Apple Inc.', sector: 'Information Technology' },
  'NASDAQ:APP': { name: 'AppLovin Corporation', sector: 'Information Technology' },
  'NASDAQ:AMAT': { name: 'Applied Materials, Inc.', sector: 'Information Technology' },
  'NASDAQ:AMD': { name: 'Advanced Micro Devices, Inc.', sector: 'Information Technology' },
};

const ANSWERS: Record<string, string[]> = {
  apple: ['NASDAQ:AAPL', 'NASDAQ:APP', 'NASDAQ:AMAT'],
  amd: ['NASDAQ:AMD'],
};

function company(symbol: string) {
  const known = COMPANIES[symbol];
  return {
    id: `id-${symbol}`,
    company_name: known?.name ?? symbol,
    exchange_tickers: [symbol],
    website: '',
    wikipedia: '',
    gics_sector: known?.sector ?? '',
    gics_sub_industry: 'Semiconductors',
    ai_summary: null,
    long_business_summary: '',
    tools: [],
    quote_type: 'EQUITY',
    safe_name: symbol.toLowerCase(),
  };
}

function searchServer() {
  return stubApi({
    'GET /api/company/suggestions': (call: ApiCall) => {
      const query = call.search.get('query') ?? '';
      const symbols = ANSWERS[query.toLowerCase()] ?? [];
      return {
        body: success({
          query,
          suggestions: symbols,
          extra: symbols.map(
            (symbol) => `${COMPANIES[symbol]?.name ?? ''} · Information Technology`,
          ),
        }),
      };
    },
    'GET /api/company/query': (call: ApiCall) => ({
      body: success({ companies: [company(call.search.get('exchange_tickers') ?? '')] }),
    }),
  });
}

// The page is a lazy chunk (with the news article cards) and the search waits 50 ms: give the
// first render time.
const LOADED = { timeout: 10_000 };

const pageField = () => screen.getByRole('combobox', { name: 'Company name or ticker' });

describe('search page', { timeout: 20_000 }, () => {
  it('searches q and shows the best match as a company card and the other matches as links', async () => {
    const api = searchServer();
    renderRoute('/search?q=apple');

    expect(await screen.findByRole('region', { name: 'Apple Inc.' }, LOADED)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Results for “apple”' })).toBeTruthy();
    const others = screen.getByRole('region', { name: 'Other matches' });
    const links = within(others).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/ticker/NASDAQ:APP',
      '/ticker/NASDAQ:AMAT',
    ]);
    expect(links[0]?.textContent).toContain('AppLovin Corporation');
    expect((pageField() as HTMLInputElement).value).toBe('apple');
    expect(
      api.callsTo('GET /api/company/suggestions').map((call) => call.search.get('query')),
    ).toEqual(['apple']);
  });

  it('says so when nothing matches', async () => {
    searchServer();
    renderRoute('/search?q=zzzz');
    expect(
      await screen.findByText('No company or ticker matches “zzzz”.', {}, LOADED),
    ).toBeTruthy();
  });

  it('searches again when a new query is submitted on the page', async () => {
    searchServer();
    const { router } = renderRoute('/search?q=apple');
    await screen.findByRole('region', { name: 'Apple Inc.' }, LOADED);
    const user = userEvent.setup();
    await user.clear(pageField());
    await user.type(pageField(), 'amd{Enter}');

    expect(
      await screen.findByRole('region', { name: 'Advanced Micro Devices, Inc.' }, LOADED),
    ).toBeTruthy();
    expect(router.state.location.search).toBe('?q=amd');
    expect((pageField() as HTMLInputElement).value).toBe('amd');
  });

  it('goes to the ticker route when a suggestion is chosen', async () => {
    searchServer();
    const { router } = renderRoute('/search?q=apple');
    await screen.findByRole('region', { name: 'Apple Inc.' }, LOADED);
    const user = userEvent.setup();
    await user.clear(pageField());
    await user.type(pageField(), 'amd');
    await user.click(await screen.findByRole('option', { name: /NASDAQ:AMD/ }));

    // The company page is a lazy chunk: the navigation ends once it has loaded.
    await waitFor(() => expect(router.state.location.pathname).toBe('/ticker/NASDAQ:AMD'), LOADED);
  });

  it('asks for a query when q is missing and searches nothing', async () => {
    const api = searchServer();
    renderRoute('/search');
    expect(await screen.findByRole('heading', { name: 'Search' }, LOADED)).toBeTruthy();
    expect(screen.getByText(/Type a company name or a ticker/)).toBeTruthy();
    expect(api.callsTo('GET /api/company/suggestions')).toHaveLength(0);
  });
});
