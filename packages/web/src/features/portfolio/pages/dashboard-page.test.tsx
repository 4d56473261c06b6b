import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { failure, makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import type { ApiCall } from '../../../../test/api-stub';
import { DashboardPage } from './dashboard-page';
import type { Ticker } from '@app/shared/api/market';
import { makeFinancials, makeTicker, watchlistBody } from '../../../../test/fixtures/market';
import { renderInRouter } from '../../../../test/render';
import { emptySnapshot, snapshotBody } from '../../../../test/fixtures/portfolio';

const SNAPSHOT = 'GET /api/portfolio/snapshot';

const QUERY = 'GET /api/ticker/query/simple';
const WATCHLIST = 'GET /api/ticker/user/watchlist/get/default';
const DEFAULT_QUOTES = 'GET /api/company/financials/get/NASDAQ:SMCI,NASDAQ:INTC,NASDAQ:AMD';

/** Ten tickers sorted by the query's order_by, as the server would answer before the limit. */
function topGrowth(call: ApiCall) {
  const period = call.search.get('order_by') === '-change_pct_8' ? 'week' : 'day';
  const limit = Number(call.search.get('limit'));
  const tickers = Array.from({ length: 10 }, (_, index) =>
    makeTicker(`NYSE:${period.toUpperCase()}${index + 1}`, {
      change_pct_1: 30 - index,
      change_pct_8: 60 - index,
    }),
  );
  return { body: success({ tickers: tickers.slice(0, limit) }) };
}

/**
 * A market of 12 companies on a fresh start: `answer` gives the tickers each ticker query gets
 * (the top-growth queries and the warm-up probes).
 */
function stubLoadingMarket(answer: (call: ApiCall, market: Ticker[]) => Ticker[]) {
  const symbols = Array.from({ length: 12 }, (_, index) => `NYSE:CO${index}`);
  const market = symbols.map((symbol) => makeTicker(symbol));
  return stubApi({
    'GET /api/company/query': success({
      companies: symbols.map((_, index) => ({ id: `company-${index}` })),
    }),
    [QUERY]: (call: ApiCall) => ({ body: success({ tickers: answer(call, market) }) }),
    [DEFAULT_QUOTES]: success({ exchange_tickers: [], financials: {} }),
  });
}

function tableOf(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

describe('dashboard', () => {
  it('shows Top Growth Today and Week with 5 rows each from the top-growth queries', async () => {
    const api = stubApi({
      [QUERY]: topGrowth,
      [DEFAULT_QUOTES]: success({ exchange_tickers: [], financials: {} }),
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    await screen.findByText('NYSE:DAY1');
    await screen.findByText('NYSE:WEEK1');
    expect(within(tableOf('Top Growth Today')).getAllByRole('row')).toHaveLength(6);
    expect(within(tableOf('Top Growth Week')).getAllByRole('row')).toHaveLength(6);
    expect(within(tableOf('Top Growth Today')).getByText('+30.00%')).toBeTruthy();
    expect(within(tableOf('Top Growth Week')).getByText('+60.00%')).toBeTruthy();

    const queries = api.callsTo(QUERY).map((call) => Object.fromEntries(call.search));
    expect(queries).toContainEqual({
      price__gte: '0.1',
      change_pct_365__gte: '0',
      change_pct_31__gte: '0',
      change_pct_365__lt: '1000',
      order_by: '-change_pct_1',
      limit: '5',
    });
    expect(queries.map((query) => query.order_by).sort()).toEqual([
      '-change_pct_1',
      '-change_pct_8',
    ]);
  });

  it("says the market's prices are loading, not that nothing matches, until the first history exists", async () => {
    let historyLoaded = false;
    stubLoadingMarket((call, market) => {
      // Every listing is quoted; their year changes arrive when the history has loaded.
      if (call.search.get('change_pct_365__gte') === '-100') return historyLoaded ? market : [];
      if (call.search.get('change_pct_365') === 'NULL') return historyLoaded ? [] : market;
      return [];
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    await waitFor(() => expect(screen.getAllByText(/Loading the market's prices/)).toHaveLength(2));
    expect(within(tableOf('Top Growth Today')).getByRole('status')).toBeTruthy();
    expect(screen.queryByText('No company matches the growth filters right now.')).toBeNull();

    historyLoaded = true;
    await waitFor(
      () =>
        expect(
          screen.getAllByText('No company matches the growth filters right now.'),
        ).toHaveLength(2),
      { timeout: 8_000 },
    );
    expect(screen.queryByText(/Loading the market's prices/)).toBeNull();
  }, 15_000);

  it('shows the first rows with a note while the rest of the market is still loading', async () => {
    stubLoadingMarket((call, market) =>
      call.search.get('change_pct_365') === 'NULL' ? market.slice(2) : market.slice(0, 2),
    );
    renderInRouter(<DashboardPage />, '/dashboard');

    await screen.findAllByText('NYSE:CO0');
    await waitFor(() =>
      expect(screen.getAllByText(/Still loading the market's price history/)).toHaveLength(2),
    );
    expect(within(tableOf('Top Growth Today')).getAllByRole('row')).toHaveLength(3);
  });

  it('shows visitors the default tickers without remove buttons and asks them to log in', async () => {
    const api = stubApi({
      [QUERY]: success({ tickers: [] }),
      [DEFAULT_QUOTES]: success({
        exchange_tickers: ['NASDAQ:SMCI', 'NASDAQ:INTC', 'NASDAQ:AMD'],
        financials: {
          'NASDAQ:SMCI': makeFinancials('NASDAQ:SMCI', { company_name: 'Super Micro Computer' }),
          'NASDAQ:INTC': makeFinancials('NASDAQ:INTC', { company_name: 'Intel' }),
          'NASDAQ:AMD': makeFinancials('NASDAQ:AMD', {
            company_name: 'Advanced Micro Devices',
            price: 110,
            current_open: 100,
            day_low: 99.5,
            day_high: 111.254,
          }),
        },
      }),
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    const table = await screen.findByRole('table', { name: 'Default watchlist' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual([
      'NASDAQ:SMCI',
      'NASDAQ:INTC',
      'NASDAQ:AMD',
    ]);
    const amd = rows[2]!;
    expect(within(amd).getByText('$110.00')).toBeTruthy();
    expect(within(amd).getByText('+10.00')).toBeTruthy();
    expect(within(amd).getByText('+10.00%')).toBeTruthy();
    expect(within(amd).getByText('$99.50 – $111.25')).toBeTruthy();
    expect(within(amd).getByRole('link', { name: 'NASDAQ:AMD' }).getAttribute('href')).toBe(
      '/ticker/NASDAQ:AMD',
    );
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.getByText(/Log in or create a free account to keep your own list/)).toBeTruthy();
    expect(screen.getAllByText('Demo data').length).toBeGreaterThan(0);
    expect(api.callsTo(WATCHLIST)).toHaveLength(0);
    expect(api.callsTo(SNAPSHOT)).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Dashboard pages' })).toBeNull();
  });

  it("shows an 'N/A' row for a watched symbol without financials", async () => {
    storeLoggedIn(makeUser());
    stubApi({
      [QUERY]: success({ tickers: [] }),
      [SNAPSHOT]: snapshotBody(emptySnapshot()),
      [WATCHLIST]: watchlistBody(['NASDAQ:AMD', 'OTC:GONE'], {
        'NASDAQ:AMD': makeFinancials('NASDAQ:AMD'),
      }),
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    const table = await screen.findByRole('table', { name: 'Your watchlist' });
    const row = within(table).getByText('OTC:GONE').closest('tr')!;
    expect(within(row).getByText('N/A')).toBeTruthy();
    expect(row.getAttribute('data-unavailable')).toBe('true');
    expect(within(row).getAllByText('—').length).toBeGreaterThanOrEqual(4);
  });

  it('marks a removed row deleted while the call runs, then drops it when the server confirms', async () => {
    storeLoggedIn(makeUser());
    let symbols = ['NASDAQ:AMD', 'NASDAQ:INTC'];
    const quotes = {
      'NASDAQ:AMD': makeFinancials('NASDAQ:AMD'),
      'NASDAQ:INTC': makeFinancials('NASDAQ:INTC'),
    };
    let answerRemoval: () => void = () => undefined;
    const api = stubApi({
      [QUERY]: success({ tickers: [] }),
      [SNAPSHOT]: snapshotBody(emptySnapshot()),
      [WATCHLIST]: (call: ApiCall) => ({
        body: watchlistBody(
          symbols,
          call.search.get('add_financials') === '1' ? quotes : undefined,
        ),
      }),
      'GET /api/ticker/user/watchlist/remove_ticker/default/NASDAQ:INTC': () =>
        new Promise((resolve) => {
          answerRemoval = () => {
            symbols = ['NASDAQ:AMD'];
            resolve({ body: watchlistBody(symbols) });
          };
        }),
    });
    renderInRouter(<DashboardPage />, '/dashboard');
    const user = userEvent.setup();
    expect(api.callsTo(WATCHLIST)[0]?.search.get('add_financials')).toBe('1');

    await user.click(
      await screen.findByRole('button', { name: 'Remove NASDAQ:INTC from your watchlist' }),
    );
    const row = screen.getByText('NASDAQ:INTC').closest('tr');
    await waitFor(() => {
      expect(row?.getAttribute('data-deleted')).toBe('true');
    });
    answerRemoval();
    await waitFor(() => {
      expect(screen.queryByText('NASDAQ:INTC')).toBeNull();
    });
    expect(screen.getByText('NASDAQ:AMD')).toBeTruthy();
  });

  it('shows a danger toast with the error text when the watchlist fails to load', async () => {
    storeLoggedIn(makeUser());
    const show = vi.spyOn(notifications, 'show');
    stubApi({
      [QUERY]: success({ tickers: [] }),
      [SNAPSHOT]: snapshotBody(emptySnapshot()),
      [WATCHLIST]: () => failure(400, "Watchlist 'default' is broken."),
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    await waitFor(() => {
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: "Watchlist 'default' is broken.",
          position: 'bottom-right',
        }),
      );
    });
  });
});
