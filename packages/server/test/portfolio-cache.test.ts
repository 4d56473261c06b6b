import type { PortfolioSnapshot, Transaction } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

/** A Friday evening after the close: the demo provider has the day's bar. */
const FRIDAY = '2026-11-20T22:00:00Z';

describe('portfolio snapshot cache', () => {
  const clock = fixedClock(FRIDAY);
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    user = await registerUser(t.app);
  });
  afterAll(() => t.close());

  const get = (url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
  const post = (url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(user.token), payload });
  const snapshot = async (query = 'range=1M') => {
    const res = await get(`/portfolio/snapshot?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PortfolioSnapshot>();
  };
  const quantities = (s: PortfolioSnapshot) =>
    Object.fromEntries(s.holdings.map((h) => [h.symbol, h.quantity]));
  const buy = (symbol: string, date: string, quantity: number, portfolio = 'default') =>
    ({ type: 'buy', symbol, date, quantity, price: 100, fees: 1, portfolio }) as const;

  it('shows every write in the next snapshot: create, update, delete and import', async () => {
    await post('/portfolio/transactions/create', buy('NASDAQ:AAPL', '2026-10-01', 10));
    expect(quantities(await snapshot())).toEqual({ 'NASDAQ:AAPL': 10 });
    // Cached now: a second call, then a write, then the next call.
    await snapshot();
    const created = await post(
      '/portfolio/transactions/create',
      buy('NASDAQ:MSFT', '2026-10-15', 4),
    );
    const msft = created.json<{ transaction: Transaction }>().transaction;
    expect(quantities(await snapshot())).toEqual({ 'NASDAQ:AAPL': 10, 'NASDAQ:MSFT': 4 });

    await post(`/portfolio/transactions/update/${msft.id}`, buy('NASDAQ:MSFT', '2026-09-15', 6));
    const updated = await snapshot('range=MAX');
    expect(quantities(updated)).toEqual({ 'NASDAQ:AAPL': 10, 'NASDAQ:MSFT': 6 });
    // An earlier entry moves the series' start: the cached days are not reused.
    expect(updated.series[0]?.date).toBe('2026-09-15');

    const imported = await post('/portfolio/import', {
      csv: 'date,type,symbol,quantity,price,fees,currency,note\n2026-11-02,sell,NASDAQ:AAPL,3,110,0,USD,',
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const afterImport = await snapshot();
    expect(quantities(afterImport)).toEqual({ 'NASDAQ:AAPL': 7, 'NASDAQ:MSFT': 6 });
    expect(afterImport.summary.realized_pnl).toBeGreaterThan(0);

    expect((await get(`/portfolio/transactions/rm/${msft.id}`)).statusCode).toBe(200);
    expect(quantities(await snapshot())).toEqual({ 'NASDAQ:AAPL': 7 });

    // A write to another portfolio of the user leaves this one as it was.
    await post('/portfolio/create', { name: 'other' });
    await post('/portfolio/transactions/create', buy('NASDAQ:AAPL', '2026-10-01', 1, 'other'));
    expect(quantities(await snapshot())).toEqual({ 'NASDAQ:AAPL': 7 });
    expect(quantities(await snapshot('portfolio=other'))).toEqual({ 'NASDAQ:AAPL': 1 });
  });

  it('moves only today when the quote moves', async () => {
    // Saturday: the stored bars end on Friday, a quote of the day prices today.
    const saturday = '2026-11-21T15:00:00Z';
    clock.set(saturday);
    // The stored quote of the day, as the quote refresh writes it.
    const quote = async (price: number) => {
      const row = {
        exchange_ticker: 'NASDAQ:AAPL',
        price,
        previous_close: 190,
        open: 190,
        day_low: 185,
        day_high: 210,
        change: price - 190,
        change_pct: (price / 190 - 1) * 100,
        currency: 'USD',
        source: 'demo',
        as_of: new Date(saturday),
      };
      await t.database.db
        .insertInto('quote_snapshots')
        .values(row)
        .onConflict((oc) => oc.column('exchange_ticker').doUpdateSet(row))
        .execute();
    };
    await quote(200);
    const before = await snapshot('range=1Y');
    await quote(205);
    const after = await snapshot('range=1Y');

    expect(before.series.at(-1)?.date).toBe('2026-11-21');
    expect(after.series.at(-1)?.date).toBe('2026-11-21');
    expect(after.series.slice(0, -1)).toEqual(before.series.slice(0, -1));
    expect(before.series.at(-1)?.value).toBeCloseTo(7 * 200, 6);
    expect(after.series.at(-1)?.value).toBeCloseTo(7 * 205, 6);
    expect(after.summary.market_value - before.summary.market_value).toBeCloseTo(7 * 5, 6);
    expect(after.holdings[0]).toMatchObject({ symbol: 'NASDAQ:AAPL', price: 205 });
    const settled = (s: PortfolioSnapshot) =>
      s.holdings.map((h) => [h.symbol, h.quantity, h.average_cost, h.cost_basis, h.realized_pnl]);
    expect(settled(after)).toEqual(settled(before));
    // Everything up to Friday's close is the same: the cost, realised P&L, dividends, fees.
    for (const key of ['cost_basis', 'realized_pnl', 'dividends', 'fees'] as const) {
      expect(after.summary[key]).toBe(before.summary[key]);
    }
    // Nothing changed but the instant: the same figures as of now.
    clock.set('2026-11-21T15:00:07Z');
    const again = await snapshot('range=1Y');
    expect(again).toEqual({ ...after, as_of: after.as_of + 7 });
    expect(after.returns.find((r) => r.range === '1D')?.twr_pct).not.toBe(
      before.returns.find((r) => r.range === '1D')?.twr_pct,
    );
  });
});
