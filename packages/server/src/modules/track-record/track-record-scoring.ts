/**
 * The track record's arithmetic, free of I/O: when a call starts (its entry close), where each
 * horizon ends (trading days of the company's own bars), whether it was right against the market,
 * and the hit rates with Wilson intervals. The service feeds it calls and bars; it keeps only
 * sums and the best and worst few calls, so a million articles fit in a few megabytes.
 */
import { sentimentLabel } from '@app/shared/display/sentiment';
import type {
  TrackRecordCall,
  TrackRecordCalibrationBin,
  TrackRecordGroup,
  TrackRecordStat,
} from '@app/shared/api/track-record';
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

/** Calibration bins over the score: three on each side of neutral. */
export const CALIBRATION_BINS: readonly { label: string; min: number; max: number }[] = [
  { label: '−10 … −6', min: -10, max: -6 },
  { label: '−6 … −3', min: -6, max: -3 },
  { label: '−3 … 0', min: -3, max: 0 },
  { label: '0 … 3', min: 0, max: 3 },
  { label: '3 … 6', min: 3, max: 6 },
  { label: '6 … 10', min: 6, max: 10 },
];

export function calibrationBin(score: number): number {
  if (score < 0) return score <= -6 ? 0 : score <= -3 ? 1 : 2;
  return score < 3 ? 3 : score < 6 ? 4 : 5;
}

type Sums = { calls: number; hits: number; signed: number };
const emptySums = (): Sums => ({ calls: 0, hits: 0, signed: 0 });

/** Sums per group and horizon, turned into stats at the end. */
class GroupSums {
  readonly groups = new Map<string, { label: string; sums: Sums[] }>();
  private readonly horizons: readonly number[];
  constructor(horizons: readonly number[]) {
    this.horizons = horizons;
  }

  add(key: string, label: string, call: ScoredCall) {
    let group = this.groups.get(key);
    if (!group) {
      group = { label, sums: this.horizons.map(emptySums) };
      this.groups.set(key, group);
    }
    addSums(group.sums, this.horizons, call);
  }

  toGroups(order?: readonly string[]): TrackRecordGroup[] {
    const rows = [...this.groups].map(([key, group]) => ({
      key,
      label: group.label,
      stats: toStats(group.sums, this.horizons),
    }));
    if (order) return rows.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
    const total = (row: TrackRecordGroup) => row.stats[0]?.calls ?? 0;
    return rows.sort((a, b) => total(b) - total(a) || a.label.localeCompare(b.label));
  }
}

function addSums(sums: Sums[], horizons: readonly number[], call: ScoredCall) {
  for (const scored of call.horizons) {
    const target = sums[horizons.indexOf(scored.horizon)];
    if (!target) continue;
    target.calls += 1;
    if (scored.hit) target.hits += 1;
    target.signed += call.direction * scored.excess_return;
  }
}

function toStats(sums: readonly Sums[], horizons: readonly number[]): TrackRecordStat[] {
  return sums.map((s, i) => {
    const interval = wilsonInterval(s.hits, s.calls);
    return {
      horizon: horizons[i] ?? 0,
      calls: s.calls,
      hits: s.hits,
      hit_rate: s.calls > 0 ? s.hits / s.calls : null,
      ci_low: interval?.low ?? null,
      ci_high: interval?.high ?? null,
      mean_call_return: s.calls > 0 ? s.signed / s.calls : null,
    };
  });
}

/** The best or worst few calls at one horizon, by the return in the call's direction. */
class Extremes {
  readonly calls: { value: number; call: ScoredCall }[] = [];
  private readonly size: number;
  private readonly sign: 1 | -1;
  constructor(size: number, sign: 1 | -1) {
    this.size = size;
    this.sign = sign;
  }

  offer(value: number, call: ScoredCall) {
    const v = this.sign * value;
    const last = this.calls.at(-1);
    if (this.calls.length >= this.size && last && last.value >= v) return;
    let i = this.calls.length;
    while (i > 0 && (this.calls[i - 1] as { value: number }).value < v) i -= 1;
    this.calls.splice(i, 0, { value: v, call });
    if (this.calls.length > this.size) this.calls.pop();
  }
}

const DIRECTIONS = ['bullish', 'bearish'] as const;
const BAND_ORDER = ['very-bearish', 'bearish', 'bullish', 'very-bullish'];

/** Accumulates scored calls; `finish` gives the record's figures. */
export function createTrackRecordAccumulator(horizons: readonly number[], extremes = 10) {
  const overall = horizons.map(emptySums);
  const byDirection = new GroupSums(horizons);
  const byClassification = new GroupSums(horizons);
  const byBand = new GroupSums(horizons);
  const bins = CALIBRATION_BINS.map(() => ({
    calls: 0,
    scoreSum: 0,
    perHorizon: horizons.map(() => ({ calls: 0, excess: 0 })),
  }));
  const best = horizons.map(() => new Extremes(extremes, 1));
  const worst = horizons.map(() => new Extremes(extremes, -1));
  let calls = 0;

  return {
    add(call: ScoredCall) {
      if (call.horizons.length === 0) return;
      calls += 1;
      addSums(overall, horizons, call);
      const direction = DIRECTIONS[call.direction > 0 ? 0 : 1];
      byDirection.add(direction, direction === 'bullish' ? 'Bullish calls' : 'Bearish calls', call);
      const classification = call.input.classification || 'Other';
      byClassification.add(classification, classification, call);
      const band = sentimentLabel(call.input.score);
      byBand.add(band.toLowerCase().replace(' ', '-'), band, call);
      const bin = bins[calibrationBin(call.input.score)];
      if (bin) {
        bin.calls += 1;
        bin.scoreSum += call.input.score;
        for (const scored of call.horizons) {
          const slot = bin.perHorizon[horizons.indexOf(scored.horizon)];
          if (!slot) continue;
          slot.calls += 1;
          slot.excess += scored.excess_return;
        }
      }
      for (const scored of call.horizons) {
        const i = horizons.indexOf(scored.horizon);
        const value = call.direction * scored.excess_return;
        if (value > 0) best[i]?.offer(value, call);
        else if (value < 0) worst[i]?.offer(value, call);
      }
    },

    finish() {
      const stats = toStats(overall, horizons);
      // Rank the lists at the middle horizon when it has closed calls, else the shortest.
      const middle = Math.min(1, horizons.length - 1);
      const rankIndex = (stats[middle]?.calls ?? 0) > 0 ? middle : 0;
      const calibration: TrackRecordCalibrationBin[] = CALIBRATION_BINS.map((spec, i) => {
        const bin = bins[i] ?? { calls: 0, scoreSum: 0, perHorizon: [] };
        return {
          label: spec.label,
          score_min: spec.min,
          score_max: spec.max,
          calls: bin.calls,
          mean_score: bin.calls > 0 ? bin.scoreSum / bin.calls : null,
          horizons: horizons.map((horizon, h) => {
            const slot = bin.perHorizon[h] ?? { calls: 0, excess: 0 };
            return {
              horizon,
              calls: slot.calls,
              mean_excess_return: slot.calls > 0 ? slot.excess / slot.calls : null,
            };
          }),
        };
      });
      return {
        calls,
        overall: stats,
        by_direction: byDirection.toGroups(DIRECTIONS),
        by_classification: byClassification.toGroups(),
        by_band: byBand.toGroups(BAND_ORDER),
        calibration,
        ranking_horizon: horizons[rankIndex] ?? 0,
        best: (best[rankIndex]?.calls ?? []).map((entry) => entry.call),
        worst: (worst[rankIndex]?.calls ?? []).map((entry) => entry.call),
      };
    },
  };
}

export type TrackRecordFigures = ReturnType<
  ReturnType<typeof createTrackRecordAccumulator>['finish']
>;
