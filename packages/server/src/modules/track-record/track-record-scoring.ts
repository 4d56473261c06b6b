/**
 * The track record's arithmetic for one call, free of I/O: when a call starts (its entry close),
 * where each horizon ends (trading days of the company's own bars), and whether it was right
 * against the market; the Wilson interval of a hit rate. `track-record-figures.ts` sums the calls.
 */
import type { TrackRecordCall } from '@app/shared/api/track-record';
import { isoDate, newYorkTime } from '../../providers/market-data/demo/trading-calendar.ts';

/** z of the two-sided 95 % interval. */
export const Z_95 = 1.959963984540054;

/** New York's closing bell, in minutes after midnight: a call published later waits a day. */
const CLOSE_MINUTES = 16 * 60;

/**
 * Wilson score interval of a proportion: unlike the normal approximation it stays inside [0, 1]
 * and behaves with few calls or rates near 0 or 1. Null without observations.
 */
export function wilsonInterval(
  hits: number,
  n: number,
  z = Z_95,
): { low: number; high: number } | null {
  if (n <= 0) return null;
  const p = hits / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - margin) / denominator),
    high: Math.min(1, (centre + margin) / denominator),
  };
}

/** First index with `days[i] >= day` (days sorted ascending, ISO dates). */
export function lowerBound(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((days[mid] as string) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The New York date and whether the session's close is still ahead, memoised by UTC hour. */
const hourCache = new Map<number, { day: string; beforeClose: boolean; minutes: number }>();
function newYorkDay(instant: Date): { day: string; beforeClose: boolean } {
  const ms = instant.getTime();
  const hour = Math.floor(ms / 3_600_000);
  let cached = hourCache.get(hour);
  if (!cached) {
    const local = newYorkTime(new Date(hour * 3_600_000));
    cached = { day: isoDate(local.day), beforeClose: false, minutes: local.minutes };
    if (hourCache.size > 200_000) hourCache.clear();
    hourCache.set(hour, cached);
  }
  const minutes = cached.minutes + (ms - hour * 3_600_000) / 60_000;
  return { day: cached.day, beforeClose: minutes < CLOSE_MINUTES };
}

/**
 * The entry of a call: the index of the first close at or after publication. An article published
 * before 16:00 New York time on a trading day enters at that day's close, a later one (or one on a
 * weekend or holiday) at the next session's close. Measuring from a close after publication means
 * the move the article itself reports never counts for the call. -1 when no such close is stored.
 */
export function entryIndex(days: readonly string[], publishedAt: Date): number {
  const { day, beforeClose } = newYorkDay(publishedAt);
  let i = lowerBound(days, day);
  if (i < days.length && days[i] === day && !beforeClose) i += 1;
  return i < days.length ? i : -1;
}

/**
 * The exit of a horizon: `horizon` trading days (the company's own bars) after the entry; -1
 * while that session has not closed by `asOf`.
 */
export function exitIndex(
  days: readonly string[],
  entry: number,
  horizon: number,
  asOf: string,
): number {
  const exit = entry + horizon;
  const day = days[exit];
  return day !== undefined && day <= asOf ? exit : -1;
}

export type Series = { days: readonly string[]; closes: ArrayLike<number> };
/** The market's level by day (an index chained from 100, or a listing's closes). */
export type MarketLevels = ReadonlyMap<string, number>;

export type CallInput = {
  newsId: string;
  publishedAt: Date;
  score: number;
  classification: string;
  symbol: string;
};

export type ScoredHorizon = TrackRecordCall['horizons'][number];
export type ScoredCall = {
  input: CallInput;
  direction: 1 | -1;
  entryDay: string;
  horizons: ScoredHorizon[];
};

/** Scores one call at every closed horizon; null when its entry close is not stored yet. */
export function scoreCall(
  call: CallInput,
  series: Series,
  market: MarketLevels,
  horizons: readonly number[],
  asOf: string,
): ScoredCall | null {
  const entry = entryIndex(series.days, call.publishedAt);
  const entryDay = series.days[entry];
  if (entry < 0 || entryDay === undefined || entryDay > asOf) return null;
  const entryClose = series.closes[entry] ?? 0;
  const entryLevel = market.get(entryDay);
  if (!(entryClose > 0) || entryLevel === undefined || !(entryLevel > 0)) return null;
  const direction = call.score > 0 ? 1 : -1;
  const scored: ScoredHorizon[] = [];
  for (const horizon of horizons) {
    const exit = exitIndex(series.days, entry, horizon, asOf);
    if (exit < 0) continue;
    const exitDay = series.days[exit] as string;
    const exitLevel = market.get(exitDay);
    if (exitLevel === undefined) continue;
    const stock = (series.closes[exit] ?? 0) / entryClose - 1;
    const marketReturn = exitLevel / entryLevel - 1;
    const excess = stock - marketReturn;
    scored.push({
      horizon,
      exit_day: exitDay,
      stock_return: stock,
      market_return: marketReturn,
      excess_return: excess,
      hit: direction * excess > 0,
    });
  }
  return { input: call, direction, entryDay, horizons: scored };
}
