import type { PortfolioSnapshot, Transaction } from '@app/shared/api/portfolio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

/** A Friday evening after the close, so the demo provider has the day's bar. */
const NOW = '2026-11-20T22:00:00Z';

describe('portfolio API', () => {
  let t: TestApp;
  let alice: TestUser;
  let bob: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock: fixedClock(NOW) });
    alice = await registerUser(t.app);
    bob = await registerUser(t.app);
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(user.token), payload });
  const record = async (user: TestUser, body: object) => {
    const res = await post(user, '/portfolio/transactions/create', body);
    return { res, transaction: res.json<{ transaction: Transaction }>().transaction };
  };
  const error = (res: { body: string }) =>
    (JSON.parse(res.body) as { error_msg: string }).error_msg;

  it('lists the default portfolio and creates named ones, at most 10', async () => {
    const list = await get(alice, '/portfolio/list');
    expect(list.json()).toEqual({ status: 'success', portfolios: ['default'] });
    const created = await post(alice, '/portfolio/create', { name: 'ira' });
    expect(created.json<{ portfolios: string[] }>().portfolios).toEqual(['default', 'ira']);
    for (let i = 0; i < 8; i += 1) await post(alice, '/portfolio/create', { name: `p${i}` });
    const tooMany = await post(alice, '/portfolio/create', { name: 'eleventh' });
    expect(tooMany.statusCode).toBe(409);
    expect(error(tooMany)).toBe('You can keep at most 10 portfolios.');
  });

  it('records a purchase by bare ticker in the listing currency', async () => {
    const { res, transaction } = await record(alice, {
      type: 'buy',
      symbol: 'aapl',
      date: '2026-01-05',
      quantity: 10,
      price: 150,
      fees: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(transaction).toMatchObject({
      portfolio: 'default',
      type: 'buy',
      symbol: 'NASDAQ:AAPL',
      date: '2026-01-05',
      quantity: 10,
      price: 150,
      fees: 1,
      currency: 'USD',
      note: '',
    });
    expect(transaction.created_at).toBe(Date.parse(NOW) / 1000);
  });

  it('refuses overselling, future dates, unknown symbols and NUL bytes with a 400', async () => {
    const cases: [object, string][] = [
      [
        { type: 'sell', symbol: 'NASDAQ:AAPL', date: '2026-02-02', quantity: 11, price: 160 },
        'You cannot sell 11 NASDAQ:AAPL on 2026-02-02: you hold 10 then.',
      ],
      [
        { type: 'sell', symbol: 'NASDAQ:AAPL', date: '2025-12-31', quantity: 1, price: 160 },
        'You cannot sell 1 NASDAQ:AAPL on 2025-12-31: you hold 0 then.',
      ],
      [
        { type: 'buy', symbol: 'NASDAQ:AAPL', date: '2026-11-21', quantity: 1, price: 160 },
        'The date 2026-11-21 is in the future.',
      ],
      [
        { type: 'buy', symbol: 'NASDAQ:NOPE', date: '2026-02-02', quantity: 1, price: 1 },
        "Unknown symbol 'NASDAQ:NOPE'.",
      ],
      [
        {
          type: 'buy',
          symbol: 'NASDAQ:AAPL',
          date: '2026-02-02',
          quantity: 1,
          price: 1,
          note: 'a\u0000b',
        },
        "Invalid body field 'note': NUL bytes are not allowed.",
      ],
    ];
    for (const [body, message] of cases) {
      const { res } = await record(alice, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(error(res)).toBe(message);
    }
    const negative = await record(alice, {
      type: 'buy',
      symbol: 'NASDAQ:AAPL',
      date: '2026-02-02',
      quantity: -1,
      price: 1,
    });
    expect(negative.res.statusCode).toBe(400);
    const transactions = await get(alice, '/portfolio/transactions');
    expect(transactions.json<{ transactions: Transaction[] }>().transactions).toHaveLength(1);
  });

  it('edits and deletes entries, refusing a deletion that would oversell later', async () => {
    const { transaction: buy } = await record(alice, {
      type: 'buy',
      symbol: 'NASDAQ:MSFT',
      date: '2026-03-02',
      quantity: 5,
      price: 400,
    });
    const { transaction: sell } = await record(alice, {
      type: 'sell',
      symbol: 'NASDAQ:MSFT',
      date: '2026-04-01',
      quantity: 5,
      price: 420,
    });
    const edited = await post(alice, `/portfolio/transactions/update/${sell.id}`, {
      type: 'sell',
      symbol: 'NASDAQ:MSFT',
      date: '2026-04-01',
      quantity: 4,
      price: 425,
      note: 'trimmed',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ transaction: Transaction }>().transaction).toMatchObject({
      id: sell.id,
      quantity: 4,
      price: 425,
      note: 'trimmed',
    });
    const breaking = await get(alice, `/portfolio/transactions/rm/${buy.id}`);
    expect(breaking.statusCode).toBe(400);
    expect(error(breaking)).toBe(
      'Deleting this transaction would break the ledger: You cannot sell 4 NASDAQ:MSFT on 2026-04-01: you hold 0 then.',
    );
    const removed = await get(alice, `/portfolio/transactions/rm/${sell.id}`);
    expect(removed.json()).toEqual({ status: 'deleted', id: sell.id });
    expect((await get(alice, `/portfolio/transactions/rm/${sell.id}`)).statusCode).toBe(404);
    expect((await get(alice, '/portfolio/transactions/rm/not-a-uuid')).statusCode).toBe(400);
  });

  it("answers 404 for another user's transactions and portfolios", async () => {
    const { transaction } = await record(alice, {
      type: 'buy',
      symbol: 'NASDAQ:AAPL',
      date: '2026-05-01',
      quantity: 1,
      price: 170,
      portfolio: 'ira',
    });
    const body = { type: 'buy', symbol: 'NASDAQ:AAPL', date: '2026-05-01', quantity: 2, price: 1 };
    expect(
      (await post(bob, `/portfolio/transactions/update/${transaction.id}`, body)).statusCode,
    ).toBe(404);
    expect((await get(bob, `/portfolio/transactions/rm/${transaction.id}`)).statusCode).toBe(404);
    expect((await get(bob, '/portfolio/transactions?portfolio=ira')).statusCode).toBe(404);
    expect((await get(bob, '/portfolio/snapshot?portfolio=ira')).statusCode).toBe(404);
    const own = await get(bob, '/portfolio/transactions');
    expect(own.json<{ transactions: Transaction[] }>().transactions).toEqual([]);
    const mine = await get(alice, '/portfolio/transactions?portfolio=ira');
    expect(mine.json<{ transactions: Transaction[] }>().transactions).toHaveLength(1);
  });

  it('snapshots holdings, returns for every range beside the benchmark, the series and allocation', async () => {
    const res = await get(alice, '/portfolio/snapshot?range=1M');
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<PortfolioSnapshot>();
    expect(s.cost_method).toBe('average');
    expect(s.benchmark).toEqual({ name: 'Equal-weighted universe', symbol: null });
    const symbols = s.holdings.map((h) => h.symbol).sort();
    expect(symbols).toEqual(['NASDAQ:AAPL', 'NASDAQ:MSFT']);
    const aapl = s.holdings.find((h) => h.symbol === 'NASDAQ:AAPL');
    expect(aapl).toMatchObject({ quantity: 10, average_cost: 150, cost_basis: 1500, fees: 1 });
    expect(aapl?.price).toBeGreaterThan(0);
    expect(aapl?.market_value).toBeCloseTo(10 * (aapl?.price ?? 0), 2);
    expect(s.returns.map((r) => r.range)).toEqual(['1D', '1W', '1M', 'YTD', '1Y', 'MAX']);
    for (const r of s.returns) {
      expect(r.twr_pct).not.toBeNull();
      expect(r.mwr_pct).not.toBeNull();
      expect(r.benchmark_pct).not.toBeNull();
    }
    expect(s.series.length).toBeGreaterThan(15);
    expect(s.series[0]).toMatchObject({ twr_index: 100, benchmark_index: 100 });
    expect(s.series.at(-1)?.value).toBeCloseTo(s.summary.market_value, 2);
    const weights = s.allocation.sector.reduce((sum, a) => sum + a.weight_pct, 0);
    expect(weights).toBeCloseTo(100, 2);
    expect(s.summary.total_return).toBeCloseTo(
      s.summary.unrealized_pnl + s.summary.realized_pnl + s.summary.dividends - s.summary.fees,
      2,
    );
  });

  it('lets only one of two concurrent sales that would oversell together through', async () => {
    const carol = await registerUser(t.app);
    await record(carol, {
      type: 'buy',
      symbol: 'NASDAQ:AAPL',
      date: '2026-06-01',
      quantity: 10,
      price: 1,
    });
    const sale = { type: 'sell', symbol: 'NASDAQ:AAPL', date: '2026-06-02', quantity: 6, price: 2 };
    const results = await Promise.all([
      record(carol, sale),
      record(carol, sale),
      record(carol, sale),
    ]);
    expect(results.map((r) => r.res.statusCode).sort()).toEqual([200, 400, 400]);
    const list = await get(carol, '/portfolio/transactions');
    expect(list.json<{ transactions: Transaction[] }>().transactions).toHaveLength(2);
  });

  it('previews a file with its row errors and imports nothing unless every row is valid', async () => {
    const dave = await registerUser(t.app);
    const csv = [
      'date,type,symbol,quantity,price,fees,currency,note',
      '2026-02-02,buy,NASDAQ:AAPL,10,150,1,USD,first',
      '2026-13-02,buy,NASDAQ:AAPL,1,150,0,USD,',
      '2026-02-03,buy,NASDAQ:NOPE,1,10,0,USD,',
      '2026-02-04,sell,NASDAQ:AAPL,20,160,0,USD,',
    ].join('\n');
    const preview = await post(dave, '/portfolio/import/preview', { csv });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json<{ valid: boolean; rows: { line: number; errors: string[] }[] }>();
    expect(body.valid).toBe(false);
    expect(body.rows.map((r) => [r.line, r.errors])).toEqual([
      [2, []],
      [3, ["Invalid date '2026-13-02' (use YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY)."]],
      [4, ["Unknown symbol 'NASDAQ:NOPE'."]],
      [5, ['You cannot sell 20 NASDAQ:AAPL on 2026-02-04: you hold 10 then.']],
    ]);
    const imported = await post(dave, '/portfolio/import', { csv });
    expect(imported.statusCode).toBe(400);
    expect(error(imported)).toMatch(/^Nothing was imported: 3 rows have errors \(line 3: /);
    const list = await get(dave, '/portfolio/transactions');
    expect(list.json<{ transactions: Transaction[] }>().transactions).toEqual([]);
  });

  it("imports a broker's export through a column mapping (side words, US dates, decimal commas)", async () => {
    const erin = await registerUser(t.app);
    const csv = [
      'Trade Date;Ticker;Action;Shares;Price;Commission',
      '03/02/2026;MSFT;Sold;2;410,50;1,25',
      '03/01/2026;MSFT;Bought;5;400,25;1,00',
    ].join('\n');
    const mapping = {
      date: 'Trade Date',
      symbol: 'Ticker',
      side: 'Action',
      quantity: 'Shares',
      price: 'Price',
      fees: 'Commission',
    };
    const preview = await post(erin, '/portfolio/import/preview', { csv, mapping });
    expect(preview.json<{ valid: boolean }>().valid).toBe(true);
    const imported = await post(erin, '/portfolio/import', { csv, mapping });
    expect(imported.json()).toEqual({ status: 'success', imported: 2 });
    const list = (await get(erin, '/portfolio/transactions')).json<{
      transactions: Transaction[];
    }>();
    expect(
      list.transactions.map((x) => [x.date, x.type, x.symbol, x.quantity, x.price, x.fees]),
    ).toEqual([
      ['2026-03-01', 'buy', 'NASDAQ:MSFT', 5, 400.25, 1],
      ['2026-03-02', 'sell', 'NASDAQ:MSFT', 2, 410.5, 1.25],
    ]);
  });

  it('exports our CSV format and imports it back to the same ledger', async () => {
    const exported = await get(alice, '/portfolio/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    expect(exported.body.split('\r\n')[0]).toBe(
      'date,type,symbol,quantity,price,fees,currency,note',
    );
    await post(alice, '/portfolio/create', { name: 'p0' });
    const imported = await post(alice, '/portfolio/import', {
      portfolio: 'p0',
      csv: exported.body,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const strip = (list: Transaction[]) =>
      list.map(({ id: _id, portfolio: _p, created_at: _c, ...rest }) => rest);
    const original = (await get(alice, '/portfolio/transactions')).json<{
      transactions: Transaction[];
    }>();
    const copy = (await get(alice, '/portfolio/transactions?portfolio=p0')).json<{
      transactions: Transaction[];
    }>();
    expect(strip(copy.transactions)).toEqual(strip(original.transactions));
  });

  it('lists every portfolio route in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      paths: Record<string, unknown>;
    }>();
    for (const path of [
      '/api/portfolio/list',
      '/api/portfolio/create',
      '/api/portfolio/transactions',
      '/api/portfolio/transactions/create',
      '/api/portfolio/transactions/update/{id}',
      '/api/portfolio/transactions/rm/{id}',
      '/api/portfolio/snapshot',
      '/api/portfolio/export',
      '/api/portfolio/import/preview',
      '/api/portfolio/import',
    ]) {
      expect(doc.paths).toHaveProperty([path]);
    }
  });
});
