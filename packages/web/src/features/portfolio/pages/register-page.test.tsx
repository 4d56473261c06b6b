import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { failure, makeUser, stubApi, storeLoggedIn, success } from '../../../../test/api-stub';
import type { ApiCall, StubHandler } from '../../../../test/api-stub';
import { makeCompany, suggestionBody } from '../../../../test/fixtures/companies';
import {
  makeHolding,
  makeSnapshot,
  makeTransaction,
  snapshotBody,
} from '../../../../test/fixtures/portfolio';
import { renderRoute } from '../../../../test/render';

const CREATE = 'POST /api/portfolio/transactions/create';
const LOADED = { timeout: 4000 };

/** A daily bar of `day` (epoch seconds of its UTC midnight). */
function bar(day: string, close: number) {
  const creation_date = Date.parse(`${day}T00:00:00Z`) / 1000;
  return { creation_date, open: close, high: close, low: close, close, volume: 1000 };
}

function server(create: StubHandler) {
  const user = makeUser({ username: 'ada' });
  storeLoggedIn(user);
  return stubApi({
    'GET /api/user/get/me': success({ current_user: user }),
    'GET /api/ticker/suggestions': (call: ApiCall) => ({
      body: suggestionBody(call.search.get('query') ?? '', [
        makeCompany('NASDAQ:AAPL', { company_name: 'Apple Inc.' }),
      ]),
    }),
    'GET /api/ticker/history/NASDAQ:AAPL': success({
      results: [bar('2026-02-27', 148), bar('2026-03-02', 150.25), bar('2026-03-03', 152)],
      source: 'demo',
    }),
    [CREATE]: create,
    'GET /api/portfolio/snapshot': snapshotBody(makeSnapshot([makeHolding('NASDAQ:AAPL')])),
  });
}

async function fillPurchase() {
  renderRoute('/portfolio/register');
  const user = userEvent.setup();
  const ticker = await screen.findByRole('combobox', { name: 'Ticker' }, LOADED);
  await user.type(ticker, 'aapl{Enter}');
  expect(await screen.findByText('NASDAQ:AAPL', { selector: 'strong' })).toBeTruthy();
  fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: '2026-03-02' } });
  return user;
}

describe('/portfolio/register', () => {
  it("prefills the day's close, sends the exact body and shows the holding", async () => {
    const api = server((call) => ({
      body: success({
        transaction: makeTransaction({ ...(call.body as object), id: 'tx-9', currency: 'USD' }),
      }),
    }));
    const user = await fillPurchase();

    const price = screen.getByRole('textbox', { name: /^Price/ });
    await waitFor(() => expect((price as HTMLInputElement).value).toBe('$150.25'));
    expect(screen.getByText('Close on Mon 2 Mar 2026: 150.25')).toBeTruthy();
    const record = screen.getByRole('button', { name: 'Record the purchase' });
    expect((record as HTMLButtonElement).disabled).toBe(true);
    await user.type(screen.getByRole('textbox', { name: /^Quantity/ }), '10');
    const fees = screen.getByRole('textbox', { name: 'Fees' });
    await user.clear(fees);
    await user.type(fees, '1.5');
    await user.click(record);

    await waitFor(() => expect(api.callsTo(CREATE)).toHaveLength(1));
    expect(api.callsTo(CREATE)[0]?.body).toEqual({
      portfolio: 'default',
      type: 'buy',
      symbol: 'NASDAQ:AAPL',
      date: '2026-03-02',
      quantity: 10,
      price: 150.25,
      fees: 1.5,
    });
    const holding = await screen.findByRole('region', { name: 'Your holding' }, LOADED);
    expect(within(holding).getByRole('group', { name: 'Shares' }).textContent).toBe('Shares10');
    expect(within(holding).getByRole('group', { name: 'Average cost' }).textContent).toBe(
      'Average cost$150.00',
    );
    expect(within(holding).getByText('+$300.00')).toBeTruthy();
    expect(
      within(holding).getByRole('link', { name: 'See it on the dashboard' }).getAttribute('href'),
    ).toBe('/dashboard');
    expect(within(holding).getByRole('link', { name: 'NASDAQ:AAPL' }).getAttribute('href')).toBe(
      '/ticker/NASDAQ:AAPL',
    );
  });

  it('keeps a typed price, records a sale, and shows a refusal under the form', async () => {
    const api = server(() =>
      failure(400, 'You held 0 NASDAQ:AAPL on 2026-03-02: you cannot sell 5.'),
    );
    const user = await fillPurchase();
    await user.click(screen.getByRole('radio', { name: 'Sell' }));
    const price = screen.getByRole('textbox', { name: /^Price/ });
    await waitFor(() => expect((price as HTMLInputElement).value).toBe('$150.25'));
    await user.clear(price);
    await user.type(price, '160');
    await user.type(screen.getByRole('textbox', { name: /^Quantity/ }), '5');
    await user.click(screen.getByRole('button', { name: 'Record the sale' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You held 0 NASDAQ:AAPL on 2026-03-02: you cannot sell 5.');
    expect(api.callsTo(CREATE)[0]?.body).toMatchObject({ type: 'sell', price: 160, quantity: 5 });
    expect(screen.queryByRole('region', { name: 'Your holding' })).toBeNull();
  });

  it('asks visitors to log in', async () => {
    const api = stubApi({});
    renderRoute('/portfolio/register');
    expect(
      await screen.findByText('Please login or register to access this functionality.'),
    ).toBeTruthy();
    expect(api.callsTo(CREATE)).toHaveLength(0);
  });
});
