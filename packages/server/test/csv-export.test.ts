import type { Transaction } from '@app/shared/api/portfolio';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

const NOW = '2026-11-20T22:00:00Z';
/** Cells a spreadsheet would run as formulas (OWASP), and texts that look like their escapes. */
const NOTES = [
  "=cmd|' /C calc'!A0",
  '@SUM(1+1)',
  '+1+2',
  '-2+3+cmd',
  '\tTAB',
  "'=already quoted",
  "''@twice",
  "'plain quote",
  'a, "quoted" note',
  '  padded  ',
  'plain',
];
const FORMULA_START = /^[=+\-@\t\r]/;

describe('every CSV the product writes is safe in a spreadsheet and reads back the same', () => {
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
  const cells = (csv: string) => parse(csv, { relax_column_count: true }).flat();

  it('neutralises formula cells in the portfolio export and imports them back unchanged', async () => {
    for (const [i, note] of NOTES.entries()) {
      const res = await post(alice, '/portfolio/transactions/create', {
        type: 'buy',
        symbol: 'NASDAQ:AAPL',
        date: `2026-01-${String(i + 2).padStart(2, '0')}`,
        quantity: 1.5,
        price: 100.25,
        note,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const exported = await get(alice, '/portfolio/export');
    expect(exported.statusCode).toBe(200);
    const written = cells(exported.body);
    expect(written.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    expect(written).toContain("'=cmd|' /C calc'!A0");

    await post(alice, '/portfolio/create', { name: 'copy' });
    const imported = await post(alice, '/portfolio/import', {
      portfolio: 'copy',
      csv: exported.body,
    });
    expect(imported.statusCode, imported.body).toBe(200);
    const notes = async (portfolio: string) =>
      (await get(alice, `/portfolio/transactions?portfolio=${portfolio}`))
        .json<{ transactions: Transaction[] }>()
        .transactions.map((x) => [x.note, x.quantity, x.price]);
    expect(await notes('copy')).toEqual(await notes('default'));
    expect((await notes('copy')).map(([note]) => note)).toEqual(NOTES);
  });

  it("reads an escaped negative amount in a broker's numeric column as the number", async () => {
    const bob = await registerUser(t.app);
    const csv = [
      'Date,Action,Ticker,Shares,Price,Commission',
      "2026-02-02,Buy,AAPL,'10,150.5,'-1.25",
      "2026-02-03,Sell,AAPL,'-5,160,-1",
    ].join('\n');
    const mapping = {
      date: 'Date',
      side: 'Action',
      symbol: 'Ticker',
      quantity: 'Shares',
      price: 'Price',
      fees: 'Commission',
    };
    const res = await post(bob, '/portfolio/import', { csv, mapping, portfolio: 'default' });
    expect(res.statusCode, res.body).toBe(200);
    const list = (await get(bob, '/portfolio/transactions')).json<{
      transactions: Transaction[];
    }>();
    expect(list.transactions.map((x) => [x.type, x.quantity, x.price, x.fees])).toEqual([
      ['buy', 10, 150.5, 1.25],
      ['sell', 5, 160, 1],
    ]);
  });

  it('neutralises formula cells in the newsletter subscribers export', async () => {
    for (const email of ['-2+3@example.com', '+1@example.com', 'plain@example.com']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscription/subscribe/email',
        payload: { email },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const res = await get(admin, '/subscription/admin/export');
    expect(res.statusCode).toBe(200);
    const written = cells(res.body);
    expect(written.filter((cell) => FORMULA_START.test(cell))).toEqual([]);
    expect(written).toEqual(expect.arrayContaining(["'-2+3@example.com", "'+1@example.com"]));
  });
});
