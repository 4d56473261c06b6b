import { trackRecordResponseSchema, type TrackRecord } from '@app/shared/api/track-record';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { pino } from 'pino';
import { computeTrackRecordJob } from '../src/modules/track-record/track-record.jobs.ts';
import { createTrackRecordRepository } from '../src/modules/track-record/track-record.repository.ts';
import { createTrackRecordService } from '../src/modules/track-record/track-record.service.ts';
import {
  isoDate,
  isTradingDayNumber,
  dayNumber,
} from '../src/providers/market-data/demo/trading-calendar.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { jobDeps } from './helpers/job-deps.ts';

// Wednesday 10:00 in New York: the last closed session is Tuesday the 24th.
const NOW = new Date('2026-11-25T15:00:00Z');
const clock = fixedClock(NOW);

/** Sessions from 1 October through 27 November 2026 (bars after the clock's day are ignored). */
const SESSIONS: string[] = [];
for (let d = dayNumber('2026-10-01'); d <= dayNumber('2026-11-27'); d++) {
  if (isTradingDayNumber(d)) SESSIONS.push(isoDate(d));
}

describe('the track record: nightly job over stored bars, served by the API', () => {
  let t: TestApp;
  let seq = 0;

  /** Stores a listing's closes by month, as the price history does. */
  async function bars(symbol: string, close: (i: number) => number) {
    const months = new Map<string, { days: string[]; close: number[] }>();
    SESSIONS.forEach((day, i) => {
      const month = `${day.slice(0, 7)}-01`;
      const row = months.get(month) ?? { days: [], close: [] };
      row.days.push(day);
      row.close.push(close(i));
      months.set(month, row);
    });
    for (const [month, row] of months) {
      await t.database.db
        .insertInto('price_series')
        .values({
          exchange_ticker: symbol,
          month,
          days: row.days,
          open: row.close,
          high: row.close,
          low: row.close,
          close: row.close,
          volume: row.days.map(() => '1000'),
        } as never)
        .execute();
    }
  }

  async function article(
    symbols: string[],
    score: number,
    at: string,
    options: { status?: 'PROCESSED' | 'WAITING_INDEX'; blocked?: boolean } = {},
  ): Promise<string> {
    seq += 1;
    const row = await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/track-${seq}`,
        guid: `track-${seq}`,
        title: `Call ${seq}`,
        creation_date: new Date(at),
        sentiment_score: [score],
        related_exchange_tickers: symbols,
        status: options.status ?? 'PROCESSED',
        is_blocked: options.blocked ?? false,
        AI: JSON.stringify({ classification: 'Company Results', title: `AI title ${seq}` }),
        source: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  const fetchRecord = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/analysis/track-record' });
    expect(response.statusCode).toBe(200);
    return trackRecordResponseSchema.parse(response.json()).track_record;
  };

  let nvdaCall = '';
  let xomBullish = '';

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    // NVDA rises 1 % a session, AMD is flat, XOM falls 1 %: the equal-weighted market is flat.
    await bars('NASDAQ:NVDA', (i) => 100 * 1.01 ** i);
    await bars('NASDAQ:AMD', () => 50);
    await bars('NYSE:XOM', (i) => 100 * 0.99 ** i);
    // Monday 5 October, 10:00 New York time: every call enters at that day's close.
    const monday = '2026-10-05T14:00:00Z';
    nvdaCall = await article(['NASDAQ:NVDA'], 6, monday); // right
    xomBullish = await article(['NYSE:XOM'], 2, monday); // wrong
    await article(['NYSE:XOM'], -7, monday); // right
    await article(['NASDAQ:AMD'], -3, monday); // flat: not a hit
    // A movers list (four companies) is not a call on any of them.
    await article(['NASDAQ:NVDA', 'NASDAQ:AMD', 'NYSE:XOM', 'NASDAQ:AAPL'], 5, monday);
    // After Monday the 23rd's close: enters Tuesday, whose next session has not closed yet.
    await article(['NASDAQ:NVDA'], 4, '2026-11-23T22:00:00Z');
    // Not calls: neutral, blocked, not yet analysed, published after the clock, no company.
    await article(['NASDAQ:NVDA'], 0, monday);
    await article(['NASDAQ:NVDA'], 9, monday, { blocked: true });
    await article(['NASDAQ:NVDA'], 9, monday, { status: 'WAITING_INDEX' });
    await article(['NASDAQ:NVDA'], 9, '2026-11-25T16:00:00Z');
    await article([], 9, monday);
  });
  afterAll(() => t.close());

  it('answers a null record to a visitor before the first run', async () => {
    expect(await fetchRecord()).toBeNull();
  });

  it('scores the calls from the stored bars against the market, and the API serves the result', async () => {
    const deps = jobDeps(t.database.db, {}, { clock });
    // Round 1: a start's re-run (round 0 also stores the demo newsroom's past sessions).
    await computeTrackRecordJob.handler({ ifStale: false, round: 1 }, deps);
    const record = (await fetchRecord()) as TrackRecord;
    expect(record).toMatchObject({
      as_of: '2026-11-24',
      demo: true,
      benchmark: { name: 'Equal-weighted universe', symbol: null },
      horizons: [1, 5, 20],
      articles: 6,
      list_articles: 1,
      calls: 4,
      pending: 1,
      ranking_horizon: 5,
    });
    expect(record.computed_at).toBe(NOW.getTime() / 1000);
    for (const stat of record.overall) {
      expect(stat).toMatchObject({ calls: 4, hits: 2, hit_rate: 0.5 });
      expect(stat.ci_low).toBeCloseTo(0.15, 3);
      expect(stat.ci_high).toBeCloseTo(0.85, 3);
    }
    const twenty = record.overall[2];
    // Right calls made ±22 % (1.01^20, 0.99^20), wrong ones lost 18 %, the flat one nothing.
    expect(twenty?.mean_call_return).toBeCloseTo(
      (1.01 ** 20 - 1 + (1 - 0.99 ** 20) - (1 - 0.99 ** 20) + 0) / 4,
      6,
    );
    expect(record.by_direction.map((g) => [g.key, g.stats[0]?.calls, g.stats[0]?.hits])).toEqual([
      ['bullish', 2, 1],
      ['bearish', 2, 1],
    ]);
    expect(record.by_classification.map((g) => g.label)).toEqual(['Company Results']);
    expect(record.by_band.map((g) => g.label)).toEqual([
      'Very bearish',
      'Bearish',
      'Bullish',
      'Very bullish',
    ]);
    // The best call: NVDA, +5.1 % in five sessions; the worst: the bullish call on XOM.
    expect(record.best[0]).toMatchObject({
      news_id: nvdaCall,
      title: 'AI title 1',
      exchange_ticker: 'NASDAQ:NVDA',
      company_name: 'NVIDIA Corporation',
      direction: 'bullish',
      entry_day: '2026-10-05',
      sentiment_score: 6,
    });
    expect(record.best[0]?.horizons[1]).toMatchObject({ horizon: 5, exit_day: '2026-10-12' });
    expect(record.best[0]?.horizons[1]?.stock_return).toBeCloseTo(1.01 ** 5 - 1, 10);
    expect(record.best[0]?.horizons[1]?.market_return).toBeCloseTo(0, 10);
    expect(record.worst[0]?.news_id).toBe(xomBullish);
    // Calibration: the strong bullish bin moved up, the strong bearish one down.
    const bin = (label: string) => record.calibration.find((b) => b.label === label);
    expect(bin('6 … 10')?.horizons[1]?.mean_excess_return).toBeGreaterThan(0.04);
    expect(bin('−10 … −6')?.horizons[1]?.mean_excess_return).toBeLessThan(-0.04);
  });

  it('reads the calls page by page without losing or repeating one (articles share a time)', async () => {
    const service = createTrackRecordService({
      repository: createTrackRecordRepository(t.database.db),
      clock,
      log: pino({ level: 'silent' }),
      demo: true,
      pageSize: 2,
    });
    expect(await service.compute()).toMatchObject({ computed: true, calls: 4, articles: 6 });
    expect(await service.current()).toMatchObject({ calls: 4, pending: 1, list_articles: 1 });
  });

  it('skips a start run when nothing changed, and runs again when an article was analysed', async () => {
    const deps = jobDeps(t.database.db, {}, { clock });
    expect(await deps.services.trackRecord.isFresh()).toBe(true);
    const skipped = await deps.services.trackRecord.compute({ ifStale: true });
    expect(skipped).toEqual({ computed: false, reason: 'fresh' });
    await t.database.db
      .updateTable('news')
      .set({ status: 'PROCESSED' })
      .where('status', '=', 'WAITING_INDEX')
      .execute();
    expect(await deps.services.trackRecord.isFresh()).toBe(false);
    const again = await deps.services.trackRecord.compute({ ifStale: true });
    expect(again).toMatchObject({ computed: true, calls: 5 });
  });

  it('re-runs a start a minute later only while something changed', async () => {
    const sent: { name: string; data: unknown }[] = [];
    const deps = jobDeps(
      t.database.db,
      {},
      {
        clock,
        onEnqueue: (name, data) => sent.push({ name, data }),
      },
    );
    await computeTrackRecordJob.handler({ ifStale: true, round: 1 }, deps);
    expect(sent).toEqual([]);
  });
});
