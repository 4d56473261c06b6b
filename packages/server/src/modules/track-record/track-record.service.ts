import {
  TRACK_RECORD_CONFIDENCE,
  TRACK_RECORD_HORIZONS,
  TRACK_RECORD_MAX_COMPANIES,
  trackRecordSchema,
  type TrackRecord,
  type TrackRecordCall,
} from '@app/shared/api/track-record';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock.ts';
import { lastCompletedTradingDay } from '../../providers/market-data/demo/price-synthesis.ts';
import { createTrackRecordAccumulator } from './track-record-figures.ts';
import { scoreCall, type ScoredCall, type Series } from './track-record-scoring.ts';
import type { TrackRecordRepository } from './track-record.repository.ts';
import { DAY_MS } from '@app/shared/dates';

/** Articles read per query while scoring. */
const PAGE = 20_000;
/** Stored runs kept (the newest is served). */
const KEEP_RUNS = 14;
/** How long a process serves the stored record from memory before reading it again. */
const READ_CACHE_MS = 5_000;

export type ComputeResult =
  | { computed: true; calls: number; articles: number; durationMs: number }
  | { computed: false; reason: 'fresh' };

/**
 * The analyst's public track record: scores every bullish or bearish call (an article linked to a
 * company) by the company's return against the market over 1, 5 and 20 trading days, from the
 * stored daily bars, and stores the result; the API serves the stored result only.
 */
export function createTrackRecordService(deps: {
  repository: TrackRecordRepository;
  clock: Clock;
  log: FastifyBaseLogger;
  /** Offline demo data (MARKET_DATA=demo): the page says so. */
  demo: boolean;
  /** A listing to use as the market (PORTFOLIO_BENCHMARK); else the equal-weighted universe. */
  benchmarkSymbol?: string | undefined;
  /** Loads a listing's daily history when missing or behind (the benchmark listing). */
  loadHistory?: (symbols: readonly string[]) => Promise<void>;
  /** Articles read per query (tests page through a few rows). */
  pageSize?: number;
}) {
  const { repository } = deps;
  const pageSize = deps.pageSize ?? PAGE;
  let cached: { at: number; value: TrackRecord } | null = null;

  async function readCached() {
    const at = performance.now();
    if (cached && at - cached.at < READ_CACHE_MS) return cached;
    const row = await repository.latest();
    // No record yet is not kept: the first run's result shows as soon as it is stored.
    if (!row) return (cached = null);
    return (cached = { at, value: trackRecordSchema.parse(row.result) });
  }

  async function marketLevels(from: string): Promise<{
    levels: Map<string, number>;
    benchmark: TrackRecord['benchmark'];
  }> {
    const symbol = deps.benchmarkSymbol;
    if (symbol) {
      await deps.loadHistory?.([symbol]);
      const rows = await repository.series(from, [symbol]);
      const levels = new Map<string, number>();
      for (const row of rows) row.days.forEach((day, i) => levels.set(day, row.close[i] ?? 0));
      const { names } = await repository.callDetails([], [symbol]);
      return { levels, benchmark: { name: names.get(symbol) ?? symbol, symbol } };
    }
    const levels = new Map<string, number>();
    let level = 100;
    for (const { day, r } of await repository.universeDailyReturns(from)) {
      level *= 1 + r;
      levels.set(day, level);
    }
    return { levels, benchmark: { name: 'Equal-weighted universe', symbol: null } };
  }

  async function loadSeries(from: string): Promise<Map<string, Series>> {
    const bySymbol = new Map<string, { days: string[]; closes: number[] }>();
    for (const row of await repository.series(from)) {
      let series = bySymbol.get(row.exchange_ticker);
      if (!series) {
        series = { days: [], closes: [] };
        bySymbol.set(row.exchange_ticker, series);
      }
      for (let i = 0; i < row.days.length; i++) {
        series.days.push(row.days[i] as string);
        series.closes.push(row.close[i] ?? 0);
      }
    }
    return bySymbol;
  }

  async function toApiCalls(calls: readonly ScoredCall[]): Promise<TrackRecordCall[]> {
    const { titles, names } = await repository.callDetails(
      calls.map((c) => c.input.newsId),
      calls.map((c) => c.input.symbol),
    );
    return calls.map((call) => ({
      news_id: call.input.newsId,
      title: titles.get(call.input.newsId) ?? '',
      exchange_ticker: call.input.symbol,
      company_name: names.get(call.input.symbol) ?? null,
      published_at: Math.floor(call.input.publishedAt.getTime() / 1000),
      sentiment_score: call.input.score,
      direction: call.direction > 0 ? 'bullish' : 'bearish',
      classification: call.input.classification,
      entry_day: call.entryDay,
      horizons: call.horizons,
    }));
  }

  return {
    /**
     * The newest stored record, checked against the schema when it is read and kept in memory for
     * a few seconds: the same object until the next read (its route writes it once per object).
     */
    async current(): Promise<TrackRecord | null> {
      return (await readCached())?.value ?? null;
    },

    /** Whether the stored record was computed from the articles and bars stored now. */
    async isFresh(): Promise<boolean> {
      const [latest, inputs] = await Promise.all([repository.latest(), repository.inputs()]);
      return latest?.inputs === inputs;
    },

    /** Scores every call from the stored bars and stores the record; `ifStale`: only when stale. */
    async compute(options: { ifStale?: boolean } = {}): Promise<ComputeResult> {
      const started = performance.now();
      const inputs = await repository.inputs();
      if (options.ifStale && (await repository.latest())?.inputs === inputs) {
        return { computed: false, reason: 'fresh' };
      }
      const now = deps.clock.now();
      const asOf = lastCompletedTradingDay(now);
      const horizons = [...TRACK_RECORD_HORIZONS];
      const accumulator = createTrackRecordAccumulator(horizons);
      const first = await repository.firstCallDate(now);
      // A week of bars before the first call: its entry may be the next session's close.
      const from = new Date((first ?? now).getTime() - 7 * DAY_MS).toISOString().slice(0, 10);
      const [series, market] = await Promise.all([loadSeries(from), marketLevels(from)]);

      let articles = 0;
      let listArticles = 0;
      let pending = 0;
      // Rows carry epoch microseconds and a joined symbol list: parsing timestamps and arrays
      // was most of the job's time at a million articles.
      let after: { us: number; id: string } | null = null;
      for (;;) {
        const rows = await repository.callArticles(now, after, pageSize);
        for (const row of rows) {
          articles += 1;
          const symbols = row.symbols.split(',');
          if (symbols.length > TRACK_RECORD_MAX_COMPANIES) {
            listArticles += 1;
            continue;
          }
          const publishedAt = new Date(row.published_us / 1000);
          for (const symbol of symbols) {
            const bars = series.get(symbol);
            const input = {
              newsId: row.id,
              publishedAt,
              score: row.score,
              classification: row.classification,
              symbol,
            };
            const scored = bars && scoreCall(input, bars, market.levels, horizons, asOf);
            if (scored && scored.horizons.length > 0) accumulator.add(scored);
            else pending += 1;
          }
        }
        const last = rows.at(-1);
        if (!last || rows.length < pageSize) break;
        after = { us: last.published_us, id: last.id };
      }

      const figures = accumulator.finish();
      const [best, worst] = await Promise.all([
        toApiCalls(figures.best),
        toApiCalls(figures.worst),
      ]);
      const durationMs = Math.round(performance.now() - started);
      const record: TrackRecord = {
        computed_at: Math.floor(now.getTime() / 1000),
        as_of: asOf,
        demo: deps.demo,
        benchmark: market.benchmark,
        horizons,
        confidence: TRACK_RECORD_CONFIDENCE,
        max_companies_per_article: TRACK_RECORD_MAX_COMPANIES,
        articles,
        list_articles: listArticles,
        calls: figures.calls,
        pending,
        overall: figures.overall,
        by_direction: figures.by_direction,
        by_classification: figures.by_classification,
        by_band: figures.by_band,
        calibration: figures.calibration,
        ranking_horizon: figures.ranking_horizon,
        best,
        worst,
        duration_ms: durationMs,
      };
      await repository.insert(
        {
          computed_at: now,
          as_of: asOf,
          inputs,
          calls: figures.calls,
          duration_ms: durationMs,
          result: record,
        },
        KEEP_RUNS,
      );
      cached = null;
      deps.log.info({ calls: figures.calls, articles, durationMs }, 'computed the track record');
      return { computed: true, calls: figures.calls, articles, durationMs };
    },
  };
}

export type TrackRecordService = ReturnType<typeof createTrackRecordService>;
