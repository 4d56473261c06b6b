import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeUser, storeLoggedIn, stubApi, success } from '../../../../test/api-stub';
import {
  emptySnapshot,
  makeHolding,
  makeSnapshot,
  snapshotBody,
} from '../../../../test/fixtures/portfolio';
import { renderInRouter } from '../../../../test/render';
import { DashboardPage } from './dashboard-page';

const SNAPSHOT = 'GET /api/portfolio/snapshot';

function market() {
  return {
    'GET /api/ticker/query/simple': success({ tickers: [] }),
    'GET /api/ticker/user/watchlist/get/default': success({
      name: 'default',
      exchange_tickers: [],
      financials: {},
    }),
  };
}

/** The text of each cell of the holdings table's body rows. */
function holdingRows(): string[][] {
  const table = screen.getByRole('table', { name: 'Holdings' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

function figure(name: string): HTMLElement {
  return screen.getByRole('group', { name });
}

describe('/dashboard portfolio', () => {
  it('shows the summary with 2-decimal money, signed percentages, the cost method and TWR vs the benchmark', async () => {
    storeLoggedIn(makeUser());
    const api = stubApi({
      ...market(),
      [SNAPSHOT]: snapshotBody(
        makeSnapshot(
          [
            makeHolding('NASDAQ:AAPL'),
            makeHolding('NYSE:IBM', {
              company_name: 'IBM',
              quantity: 5,
              average_cost: 200,
              cost_basis: 1000,
              price: 190.5,
              market_value: 952.5,
              day_change: -12.25,
              day_change_pct: -1.27,
              unrealized_pnl: -47.5,
              unrealized_pnl_pct: -4.75,
              weight_pct: 34.6,
            }),
          ],
          {
            summary: {
              market_value: 2752.5,
              cost_basis: 2500,
              day_change: 7.75,
              day_change_pct: 0.28,
              unrealized_pnl: 252.5,
              realized_pnl: -10,
              dividends: 12.4,
              fees: 2,
              total_return: 252.9,
              total_return_pct: 10.12,
            },
          },
        ),
      ),
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    await screen.findByRole('table', { name: 'Holdings' });
    expect(api.callsTo(SNAPSHOT)[0]?.search.get('portfolio')).toBe('default');
    expect(api.callsTo(SNAPSHOT)[0]?.search.get('range')).toBe('1Y');
    expect(figure('Value').textContent).toBe('Value$2,752.50');
    expect(within(figure('Day change')).getByText('+$7.75')).toBeTruthy();
    expect(within(figure('Day change')).getByText('+0.28%')).toBeTruthy();
    expect(within(figure('Total return')).getByText('+$252.90')).toBeTruthy();
    expect(within(figure('Total return')).getByText('+10.12%')).toBeTruthy();
    expect(within(figure('Realised P&L')).getByText('-$10.00')).toBeTruthy();
    expect(screen.getByText('Cost method: Average cost')).toBeTruthy();
    // 1Y by default: TWR +19.93 % against the benchmark's -4.50 %; then another range.
    expect(within(figure('Time-weighted return')).getByText('+19.93%')).toBeTruthy();
    expect(within(figure('Benchmark return')).getByText('-4.50%')).toBeTruthy();
    expect(figure('Benchmark return').textContent).toContain('Demo universe (equal weight)');
    await userEvent.setup().click(screen.getByRole('radio', { name: 'YTD' }));
    expect(within(figure('Time-weighted return')).getByText('+12.50%')).toBeTruthy();
    expect(within(figure('Benchmark return')).getByText('+8.25%')).toBeTruthy();
  });

  it('lists the holdings largest first, colours P&L by direction, links each company, and sorts', async () => {
    storeLoggedIn(makeUser());
    stubApi({
      ...market(),
      [SNAPSHOT]: snapshotBody(
        makeSnapshot([
          makeHolding('NASDAQ:AAPL'),
          makeHolding('NYSE:IBM', {
            company_name: 'IBM',
            quantity: 5,
            average_cost: 200,
            price: 190.5,
            market_value: 952.5,
            day_change_pct: -1.27,
            unrealized_pnl: -47.5,
            unrealized_pnl_pct: -4.75,
            weight_pct: 34.6,
          }),
        ]),
      ),
    });
    renderInRouter(<DashboardPage />, '/dashboard');

    await screen.findByRole('table', { name: 'Holdings' });
    expect(holdingRows()).toEqual([
      [
        'NASDAQ:AAPLAAPL Inc.',
        '10',
        '$150.00',
        '$180.00',
        '$1,800.00',
        '+1.12%',
        '+$300.00+20.00%',
        '100.00%',
        // The "Alert me…" bell: an icon button, no text.
        '',
      ],
      [
        'NYSE:IBMIBM',
        '5',
        '$200.00',
        '$190.50',
        '$952.50',
        '-1.27%',
        '-$47.50-4.75%',
        '34.60%',
        '',
      ],
    ]);
    expect(screen.getAllByRole('button', { name: /Alert me/ })).toHaveLength(2);
    const gain = screen.getByText('+$300.00');
    const loss = screen.getByText('-$47.50');
    expect(gain.className).toMatch(/up/);
    expect(loss.className).toMatch(/down/);
    expect(screen.getByText('-1.27%').className).toMatch(/down/);
    expect(screen.getByRole('link', { name: 'NYSE:IBM' }).getAttribute('href')).toBe(
      '/ticker/NYSE:IBM',
    );

    const user = userEvent.setup();
    const table = screen.getByRole('table', { name: 'Holdings' });
    await user.click(within(table).getByRole('button', { name: /^Day/ }));
    expect(holdingRows().map((row) => row[0])).toEqual(['NASDAQ:AAPLAAPL Inc.', 'NYSE:IBMIBM']);
    await user.click(within(table).getByRole('button', { name: /^Day/ }));
    expect(holdingRows().map((row) => row[0])).toEqual(['NYSE:IBMIBM', 'NASDAQ:AAPLAAPL Inc.']);
    expect(
      within(table).getByRole('columnheader', { name: /^Day/ }).getAttribute('aria-sort'),
    ).toBe('ascending');
  });

  it('invites a user without transactions to track a purchase or import', async () => {
    storeLoggedIn(makeUser());
    stubApi({ ...market(), [SNAPSHOT]: snapshotBody(emptySnapshot()) });
    renderInRouter(<DashboardPage />, '/dashboard');

    const card = await screen.findByRole('region', { name: 'Your portfolio' });
    expect(within(card).getByRole('link', { name: 'Track a purchase' }).getAttribute('href')).toBe(
      '/portfolio/register',
    );
    expect(within(card).getByRole('link', { name: 'Import a CSV' }).getAttribute('href')).toBe(
      '/dashboard/import',
    );
    expect(screen.queryByRole('table', { name: 'Holdings' })).toBeNull();
  });

  it('shows the error text when the snapshot fails', async () => {
    storeLoggedIn(makeUser());
    stubApi({
      ...market(),
      [SNAPSHOT]: { status: 'error', error_msg: 'Unknown portfolio.' },
    });
    renderInRouter(<DashboardPage />, '/dashboard');
    await waitFor(() =>
      expect(screen.getAllByText('Unknown portfolio.').length).toBeGreaterThan(0),
    );
  });
});
