import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';

type Point = {
  creation_date: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
};

describe('GET /api/ticker/history/{ticker}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('backfills ten years the first time a symbol is seen and answers one year by default', async () => {
    const res = await get('/api/ticker/history/NASDAQ:AAPL');
    expect(res.statusCode).toBe(200);
    const results = res.json<{ results: Point[] }>().results;
    expect(results.length).toBeGreaterThan(240);
    expect(results.length).toBeLessThan(260);
    for (const p of results) {
      expect(p.low).toBeLessThanOrEqual(Math.min(p.open, p.close));
      expect(p.high).toBeGreaterThanOrEqual(Math.max(p.open, p.close));
      expect(Number.isInteger(p.creation_date)).toBe(true);
    }
    expect(results.map((p) => p.creation_date)).toEqual(
      [...results.map((p) => p.creation_date)].sort((a, b) => a - b),
    );
    const stored = await t.database.db
      .selectFrom('price_bars')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(stored.n).toBeGreaterThan(2400);
  });

  it('serves later requests from the database without loading again', async () => {
    const before = await t.database.db
      .selectFrom('price_history_status')
      .selectAll()
      .executeTakeFirstOrThrow();
    const res = await get('/api/ticker/history/nasdaq:aapl?range=1m');
    expect(res.json<{ results: Point[] }>().results.length).toBeGreaterThan(15);
    const after = await t.database.db
      .selectFrom('price_history_status')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(after.updated_at).toEqual(before.updated_at);
  });

  it('answers 404 for an unknown symbol and 400 for a malformed one or an unknown range', async () => {
    const unknown = await get('/api/ticker/history/NASDAQ:NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 'error', error_msg: "Unknown symbol 'NASDAQ:NOPE'." });
    const malformed = await get('/api/ticker/history/AAPL');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ error_msg: string }>().error_msg).toBe(
      "Invalid path parameter 'ticker': must look like EXCHANGE:TICKER (e.g. NASDAQ:AAPL)",
    );
    expect((await get('/api/ticker/history/NASDAQ:AAPL?range=7y')).statusCode).toBe(400);
  });
});
