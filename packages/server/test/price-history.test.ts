import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createDatabase } from '../src/db/database.ts';
import { createPriceRepository } from '../src/modules/prices/price.repository.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { waitFor } from './helpers/wait.ts';

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
      .selectFrom('price_series')
      .select(sql<number>`sum(cardinality(days))::int`.as('n'))
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

describe('PriceRepository.storeBars', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true });
  });
  afterAll(() => t.close());

  const bar = (date: string, close: number) => ({
    date,
    open: close,
    high: close + 1,
    low: close - 1,
    close,
    volume: 1_000,
  });

  it('stores new days by COPY and overlapping ones without duplicating or failing', async () => {
    const prices = createPriceRepository(t.database.db);
    const symbol = 'NYSE:JPM';
    await prices.storeBars(symbol, [bar('2026-01-05', 10), bar('2026-01-06', 11)], {
      first: '2026-01-05',
      last: '2026-01-06',
    });
    // A concurrent backfill of the same days takes the conflict-tolerant path.
    await Promise.all([
      prices.storeBars(symbol, [bar('2026-01-06', 99), bar('2026-01-07', 12)], {
        first: '2026-01-06',
        last: '2026-01-07',
      }),
      prices.storeBars(symbol, [bar('2026-01-07', 12), bar('2026-01-08', 13)], {
        first: '2026-01-07',
        last: '2026-01-08',
      }),
    ]);
    const rows = await prices.bars(symbol, '2026-01-01', '2026-01-31');
    expect(rows.map((row) => [row.day, row.close])).toEqual([
      ['2026-01-05', 10],
      ['2026-01-06', 11],
      ['2026-01-07', 12],
      ['2026-01-08', 13],
    ]);
    expect(await prices.status(symbol)).toMatchObject({
      first_day: '2026-01-05',
      last_day: '2026-01-08',
    });
  });

  it('a COPY cut by the client-side query timeout, answered late by the server, fails the call, not the process, and leaves the pool usable', async () => {
    // A blocker holding a SHARE lock makes the COPY wait until pg's query_timeout (2 s here)
    // fires mid-COPY; pg-copy-streams then destroys the stream without its connection.
    const shortTimeout = createDatabase({
      url: t.database.url,
      maxConnections: 2,
      queryTimeoutMs: 2_000,
    });
    const blocker = new pg.Client({ connectionString: t.database.url });
    await blocker.connect();
    try {
      const prices = createPriceRepository(shortTimeout);
      await blocker.query('begin');
      await blocker.query('lock table price_series in share mode');
      const stored = prices.storeBars('NYSE:KO', [bar('2026-03-02', 60)], {
        first: '2026-03-02',
        last: '2026-03-02',
      });
      const outcome = stored.then(
        () => 'stored',
        () => 'failed',
      );
      // Released after the COPY's timeout (2 s after it was sent, which is before the server
      // shows it waiting) but before the rollback queued behind it times out (2 s later): the
      // server's late CopyInResponse then reaches a stream that has dropped its connection.
      await waitFor(async () => {
        const waiting = await sql`
          select 1 from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'copy price_series%'`.execute(
          t.database.db,
        );
        return waiting.rows.length > 0;
      });
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await blocker.query('rollback');
      expect(await outcome).toBe('failed');
      await prices.storeBars('NYSE:KO', [bar('2026-03-02', 60), bar('2026-03-03', 61)], {
        first: '2026-03-02',
        last: '2026-03-03',
      });
      const rows = await prices.bars('NYSE:KO', '2026-03-01', '2026-03-31');
      expect(rows.map((row) => [row.day, row.close])).toEqual([
        ['2026-03-02', 60],
        ['2026-03-03', 61],
      ]);
    } finally {
      await blocker.end();
      await shortTimeout.destroy();
    }
  });

  it('rolls the whole batch back when a bar is invalid', async () => {
    const prices = createPriceRepository(t.database.db);
    await expect(
      prices.storeBars(
        'NYSE:XOM',
        [bar('2026-02-02', 50), { ...bar('2026-02-03', 51), volume: 1.5 }],
        {
          first: '2026-02-02',
          last: '2026-02-03',
        },
      ),
    ).rejects.toThrow();
    expect(await prices.bars('NYSE:XOM', '2026-02-01', '2026-02-28')).toEqual([]);
    expect(await prices.status('NYSE:XOM')).toBeUndefined();
  });
});
