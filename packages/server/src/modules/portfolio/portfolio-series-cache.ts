import { LRUCache } from 'lru-cache';
import type { LedgerEntry } from './ledger.ts';
import {
  advanceSeries,
  cloneSeriesState,
  emptySeries,
  entriesUpTo,
  finishSeries,
  seriesDays,
  startSeries,
  type DailySeries,
  type PriceSeries,
  type SeriesState,
} from './performance.ts';

/** Portfolios whose series stay in memory (ten years of one take about 200 KB). */
const CACHED_PORTFOLIOS = 256;

/** What a portfolio's daily series is computed from, on one call. */
export type SeriesInput = {
  portfolioId: string;
  /** The portfolio's `ledger_version` the entries were read at. */
  ledgerVersion: number;
  entries: readonly LedgerEntry[];
  /** Stored closes per listing (the closes cache's objects: the same while unchanged). */
  closes: ReadonlyMap<string, PriceSeries>;
  /** `closes` with, for a listing whose stored quote is newer than its last close, that day. */
  prices: ReadonlyMap<string, PriceSeries>;
  /** The day each listing's quote adds after its last close (listings of the ledger only). */
  quoteDays: ReadonlyMap<string, string>;
  asOfDay: string;
};

/** The part of a series that only the ledger, the stored closes and the business day decide. */
type Prefix = {
  ledgerVersion: number;
  asOfDay: string;
  closes: ReadonlyMap<string, PriceSeries>;
  sorted: readonly LedgerEntry[];
  /** The series' days from the ledger and the stored closes alone. */
  days: readonly string[];
  /** `days[0..length)` computed: every one before today and before any quote's day. */
  length: number;
  series: DailySeries;
  /** The loop's state after `days[length - 1]`. */
  state: SeriesState;
};

const sameCloses = (a: PriceSeries | undefined, b: PriceSeries | undefined) =>
  a === b || (a !== undefined && b !== undefined && a.days.length === 0 && b.days.length === 0);

/**
 * The daily series of portfolios, resumed from memory. What only changes through our own writes
 * (the ledger: its version), the stored closes (the closes cache's objects) and the business day
 * is computed once: the days before today and before the first day a stored quote adds. Each call
 * copies that prefix and runs the daily loop over the remaining days only (today, priced by the
 * latest quotes) from the saved loop state, so its figures are those of one full pass.
 */
export function createSeriesCache(max = CACHED_PORTFOLIOS) {
  const cache = new LRUCache<string, Prefix>({ max });

  function build(input: SeriesInput, limit: string): Prefix {
    const sorted = entriesUpTo(input.entries, input.asOfDay);
    const days = seriesDays(sorted, input.closes, input.asOfDay);
    let length = 0;
    while (length < days.length && (days[length] ?? '') < limit) length++;
    const series = emptySeries(days.slice(0, length));
    const state = startSeries(sorted);
    advanceSeries(state, input.closes, series, 0, length);
    return {
      ledgerVersion: input.ledgerVersion,
      asOfDay: input.asOfDay,
      closes: input.closes,
      sorted,
      days,
      length,
      series,
      state,
    };
  }

  function usable(prefix: Prefix | undefined, input: SeriesInput, limit: string) {
    if (
      !prefix ||
      prefix.ledgerVersion !== input.ledgerVersion ||
      prefix.asOfDay !== input.asOfDay ||
      (prefix.length > 0 && (prefix.days[prefix.length - 1] ?? '') >= limit)
    ) {
      return false;
    }
    for (const symbol of prefix.state.symbols) {
      if (!sameCloses(prefix.closes.get(symbol), input.closes.get(symbol))) return false;
    }
    return true;
  }

  return {
    series(input: SeriesInput): DailySeries {
      // Nothing from today or from a quote's day on is kept.
      let limit = input.asOfDay;
      for (const day of input.quoteDays.values()) if (day < limit) limit = day;
      let prefix = cache.get(input.portfolioId);
      if (!usable(prefix, input, limit)) {
        prefix = build(input, limit);
        cache.set(input.portfolioId, prefix);
      }
      const p = prefix as Prefix;
      const first = p.sorted[0]?.date;
      const rest = new Set(p.days.slice(p.length));
      if (first !== undefined) {
        for (const [symbol, day] of input.quoteDays) {
          if (day >= first && p.state.indexOf.has(symbol)) rest.add(day);
        }
      }
      const tail = [...rest].sort();
      const out = emptySeries([...p.days.slice(0, p.length), ...tail]);
      for (const key of ['value', 'inflow', 'outflow', 'income', 'netInvested', 'twr'] as const) {
        const from = p.series[key];
        const to = out[key];
        for (let i = 0; i < p.length; i++) to[i] = from[i] ?? 0;
      }
      const state = cloneSeriesState(p.state);
      advanceSeries(state, input.prices, out, p.length, out.days.length);
      return finishSeries(state, out);
    },
  };
}
