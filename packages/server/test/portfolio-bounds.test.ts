import type { Transaction } from '@app/shared/api/portfolio';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';

const NOW = '2026-11-20T22:00:00Z';

describe('portfolio amounts and dates stay within sensible bounds', () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({
      demoCompanies: true,
      clock: fixedClock(NOW),
      env: { RATE_LIMIT_SCALE: '1000' },
    });
    alice = await registerUser(t.app);
  });
  afterAll(() => t.close());

  const post = (user: TestUser, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(user.token), payload });
  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
  const buy = { type: 'buy', symbol: 'NASDAQ:AAPL', date: '2026-02-02', quantity: 1, price: 10 };
  const error = (res: { body: string }) =>
    (JSON.parse(res.body) as { error_msg: string }).error_msg;

  it('refuses out-of-range quantities, prices, fees and dates with a 400 naming the field', async () => {
    const cases: [object, string][] = [
      [{ quantity: 1e308 }, "'quantity'"],
      [{ quantity: 1e13 }, "'quantity'"],
      [{ quantity: 1e-300 }, "'quantity'"],
      [{ quantity: 0.123456789 }, "'quantity'"],
      [{ price: 1e200 }, "'price'"],
      [{ price: 2e9 }, "'price'"],
      [{ price: -1 }, "'price'"],
      [{ fees: 1e13 }, "'fees'"],
      [{ fees: 0.5e-9 }, "'fees'"],
      [{ date: '0001-01-01' }, "'date'"],
      [{ date: '1899-12-31' }, "'date'"],
    ];
    for (const [change, field] of cases) {
      const res = await post(alice, '/portfolio/transactions/create', { ...buy, ...change });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(400);
      expect(error(res)).toContain(field);
    }
    const fine = await post(alice, '/portfolio/transactions/create', {
      ...buy,
      date: '1900-01-01',
      quantity: 1e12,
      price: 0.12345678,
    });
    expect(fine.statusCode, fine.body).toBe(200);
    const id = fine.json<{ transaction: Transaction }>().transaction.id;
    const update = await post(alice, `/portfolio/transactions/update/${id}`, {
      ...buy,
      quantity: 1e308,
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(error(update)).toContain("'quantity'");
  });

  it('refuses an import row out of range, naming the field and the line', async () => {
    const csv = [
      'date,type,symbol,quantity,price,fees,currency,note',
      '2026-01-05,buy,AAPL,1e308,10,0,USD,',
      '0001-01-01,buy,AAPL,1,10,0,USD,',
      '2026-01-06,buy,AAPL,1,1e200,0,USD,',
      '2026-01-07,buy,AAPL,0.000000001,10,0,USD,',
    ].join('\n');
    const preview = await post(alice, '/portfolio/import/preview', { csv, portfolio: 'default' });
    expect(preview.statusCode, preview.body).toBe(200);
    const rows = preview.json<{ rows: { line: number; errors: string[] }[] }>().rows;
    expect(rows.map((row) => row.errors.join(' '))).toEqual([
      expect.stringContaining('quantity'),
      expect.stringContaining('date'),
      expect.stringContaining('price'),
      expect.stringContaining('quantity'),
    ]);
    const imported = await post(alice, '/portfolio/import', { csv, portfolio: 'default' });
    expect(imported.statusCode).toBe(400);
  });

  it('answers the snapshot of a ledger stored before the bounds without a 500 or a NaN', async () => {
    const bob = await registerUser(t.app);
    const created = await post(bob, '/portfolio/transactions/create', buy);
    expect(created.statusCode, created.body).toBe(200);
    // A ledger written before the bounds existed: the database took any positive numeric.
    await t.database.db
      .updateTable('portfolio_transactions')
      .set({ quantity: 1e200, price: 1e200 })
      .where('id', '=', created.json<{ transaction: Transaction }>().transaction.id)
      .execute();
    const res = await get(bob, '/portfolio/snapshot?portfolio=default&range=MAX');
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.body).not.toMatch(/NaN|Infinity/);
  });

  it('answers every random ledger within the bounds with a snapshot free of NaN and Infinity', async () => {
    const amount = (max: number) =>
      fc.oneof(
        fc.constantFrom(0.00000001, 1, max),
        fc.integer({ min: 1, max: 1_000_000 }).map((n) => n / 100),
      );
    const day = fc
      .integer({ min: Date.UTC(1900, 0, 1), max: Date.parse(NOW) })
      .map((ms) => new Date(ms).toISOString().slice(0, 10));
    const row = fc.record({
      type: fc.constantFrom('buy', 'buy', 'sell', 'dividend', 'fee', 'split'),
      symbol: fc.constantFrom('AAPL', 'MSFT'),
      date: fc.oneof(day, fc.constantFrom('1900-01-01', '2026-11-20')),
      quantity: amount(1e12),
      price: fc.oneof(amount(1e9), fc.constant(0)),
      fees: fc.oneof(fc.constant(0), amount(1e12)),
    });
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(row, { minLength: 1, maxLength: 6 }), async (rows) => {
        runs += 1;
        const user = await registerUser(t.app);
        const csv = [
          'date,type,symbol,quantity,price,fees,currency,note',
          ...rows.map(
            (r) => `${r.date},${r.type},${r.symbol},${r.quantity},${r.price},${r.fees},,`,
          ),
        ].join('\n');
        const imported = await post(user, '/portfolio/import', { csv, portfolio: 'default' });
        expect([200, 400], imported.body).toContain(imported.statusCode);
        for (const range of ['1D', 'MAX']) {
          const res = await get(user, `/portfolio/snapshot?portfolio=default&range=${range}`);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.body).not.toMatch(/NaN|Infinity/);
        }
      }),
      { seed: 20261201, numRuns: 25 },
    );
    expect(runs).toBe(25);
  });
});
