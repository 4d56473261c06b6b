import type { PerformanceRange } from '@app/shared/api/portfolio';
import {
  applyEntry,
  byDateThenSeq,
  emptyPosition,
  type LedgerEntry,
  type Position,
} from './ledger.ts';

/** Daily closes of one listing, oldest first (`days[i]` closed at `closes[i]`). */
export type PriceSeries = { days: readonly string[]; closes: readonly number[] };

/** A benchmark's level per day (any start), oldest first. */
export type IndexSeries = { days: readonly string[]; levels: readonly number[] };

/**
 * The portfolio day by day, on every day with a close of one of its listings or an entry, from
 * the first entry to `asOf`. A day's flows happen at its start (entries are priced at their own
 * price), its value at its close; a listing without a close that day keeps its last close (or the
 * last trade price before its first close).
 */
export type DailySeries = {
  days: string[];
  /** Market value at the day's close. */
  value: number[];
  /** Money put in (buys with fees) on the day. */
  inflow: number[];
  /** Money taken out (sales net of fees) on the day. */
  outflow: number[];
  /** Dividends net of fees, minus fee entries, on the day. */
  income: number[];
  /** Cumulative inflow − outflow. */
  netInvested: number[];
  /** Chained TWR growth factor, 1 before the first day. */
  twr: number[];
  /** Positions after the last day. */
  positions: Map<string, Position>;
  /** The price each listing is valued at on the last day, and the close before it. */
  lastPrices: Map<string, { price: number; previous: number | null }>;
};

const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Days since 1970-01-01 of a `YYYY-MM-DD` day (NaN for anything else), as Date.parse reads it. */
export function dayNumber(day: string): number {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  // Date.UTC on the parts is Date.parse of the ISO day at a fraction of its cost.
  if (ISO_DAY.test(day) && y >= 100 && m >= 1 && m <= 12 && d >= 1 && d <= 31) {
    return Date.UTC(y, m - 1, d) / DAY_MS;
  }
  return Date.parse(`${day}T00:00:00Z`) / DAY_MS;
}
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Index of the last element of sorted `days` that is `<= day`, or -1. */
export function lastOnOrBefore(days: readonly string[], day: string): number {
  let lo = 0;
  let hi = days.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] ?? '') <= day) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/**
 * The state of the daily loop after some day: each listing's position, carried price, the close
 * before it and its cursor into its closes, and the running totals. `advanceSeries` continues it
 * day by day, so a series can be resumed from a saved state (see `cloneSeriesState`) over later
 * days with exactly the arithmetic of one pass.
 */
export type SeriesState = {
  /** Entries up to `asOf` in ledger order (shared, never mutated). */
  readonly sorted: readonly LedgerEntry[];
  readonly symbols: readonly string[];
  readonly indexOf: ReadonlyMap<string, number>;
  price: Float64Array;
  previous: Float64Array;
  cursor: Int32Array;
  held: Position[];
  active: number[];
  entryIndex: number;
  previousValue: number;
  growth: number;
  invested: number;
};

/** The ledger's entries up to `asOf`, in date and entry order. */
export const entriesUpTo = (entries: readonly LedgerEntry[], asOf: string) =>
  [...entries].filter((e) => e.date <= asOf).sort(byDateThenSeq);

/** Every day of the series: entry days and the listings' close days from the first entry to asOf. */
export function seriesDays(
  sorted: readonly LedgerEntry[],
  prices: ReadonlyMap<string, PriceSeries>,
  asOf: string,
): string[] {
  const first = sorted[0]?.date;
  const daySet = new Set<string>(sorted.map((e) => e.date));
  if (first !== undefined) {
    for (const symbol of new Set(sorted.map((e) => e.symbol))) {
      const series = prices.get(symbol);
      if (!series) continue;
      for (
        let i = lastOnOrBefore(series.days, addDays(first, -1)) + 1;
        i < series.days.length;
        i++
      ) {
        const day = series.days[i] ?? '';
        if (day > asOf) break;
        daySet.add(day);
      }
    }
  }
  return [...daySet].sort();
}

/** The loop's state before the first day. */
export function startSeries(sorted: readonly LedgerEntry[]): SeriesState {
  const symbols = [...new Set(sorted.map((e) => e.symbol))];
  const count = symbols.length;
  return {
    sorted,
    symbols,
    indexOf: new Map(symbols.map((symbol, i) => [symbol, i])),
    price: new Float64Array(count).fill(Number.NaN),
    previous: new Float64Array(count).fill(Number.NaN),
    cursor: new Int32Array(count).fill(-1),
    held: symbols.map((symbol) => emptyPosition(symbol)),
    active: [],
    entryIndex: 0,
    previousValue: 0,
    growth: 1,
    invested: 0,
  };
}

/** A copy of a state that advancing the original (or the copy) leaves unchanged. */
export function cloneSeriesState(state: SeriesState): SeriesState {
  return {
    ...state,
    price: state.price.slice(),
    previous: state.previous.slice(),
    cursor: state.cursor.slice(),
    held: state.held.map((p) => ({ ...p })),
    active: [...state.active],
  };
}

/** An empty series of `days` (filled by `advanceSeries`, finished by `finishSeries`). */
export function emptySeries(days: string[]): DailySeries {
  const n = days.length;
  return {
    days,
    value: new Array<number>(n).fill(0),
    inflow: new Array<number>(n).fill(0),
    outflow: new Array<number>(n).fill(0),
    income: new Array<number>(n).fill(0),
    netInvested: new Array<number>(n).fill(0),
    twr: new Array<number>(n).fill(1),
    positions: new Map(),
    lastPrices: new Map(),
  };
}

/**
 * Applies the days `out.days[from..to)` to `state` (mutating it) and writes them into `out`.
 * `prices` must hold, for every day applied, the closes up to that day.
 */
export function advanceSeries(
  state: SeriesState,
  prices: ReadonlyMap<string, PriceSeries>,
  out: DailySeries,
  from: number,
  to: number,
): void {
  // Per listing state in arrays indexed like `symbols` (Map lookups per day and listing cost more
  // than the maths on ten years × fifty listings).
  const { sorted, indexOf, price, previous, cursor, held, active } = state;
  const seriesOf = state.symbols.map((symbol) => prices.get(symbol));
  let { entryIndex, previousValue, growth, invested } = state;
  for (let d = from; d < to; d++) {
    const day = out.days[d] ?? '';
    let inflow = 0;
    let outflow = 0;
    let income = 0;
    for (; entryIndex < sorted.length && sorted[entryIndex]?.date === day; entryIndex++) {
      const entry = sorted[entryIndex] as LedgerEntry;
      const k = indexOf.get(entry.symbol) ?? 0;
      const position = held[k] as Position;
      if (cursor[k] === -1) {
        const series = seriesOf[k];
        cursor[k] = series ? lastOnOrBefore(series.days, addDays(day, -1)) + 1 : 0;
        active.push(k);
      }
      // The ledger was validated when written; a problem here leaves the position as it was.
      applyEntry(position, entry);
      const gross = entry.quantity * entry.price;
      if (entry.type === 'buy') {
        inflow += gross + entry.fees;
        price[k] = entry.price;
      } else if (entry.type === 'sell') {
        outflow += gross - entry.fees;
        price[k] = entry.price;
      } else if (entry.type === 'dividend') {
        income += gross - entry.fees;
      } else if (entry.type === 'fee') {
        income -= gross + entry.fees;
      } else {
        // A split: the carried price follows the share count until the next close.
        price[k] = (price[k] ?? Number.NaN) / entry.quantity;
        income -= entry.fees;
      }
    }
    let value = 0;
    for (const k of active) {
      const series = seriesOf[k];
      if (series) {
        let i = cursor[k] ?? 0;
        for (; i < series.days.length && (series.days[i] ?? '') <= day; i++) {
          previous[k] = price[k] ?? Number.NaN;
          price[k] = series.closes[i] ?? 0;
        }
        cursor[k] = i;
      }
      const quantity = held[k]?.quantity ?? 0;
      if (quantity !== 0) value += quantity * (price[k] ?? 0);
    }
    // Money put in works from the start of the day; sales and income count at its end.
    const base = previousValue + inflow;
    const ratio = base > 1e-9 ? (value + outflow + income) / base : 1;
    growth *= ratio;
    invested += inflow - outflow;
    out.value[d] = value;
    out.inflow[d] = inflow;
    out.outflow[d] = outflow;
    out.income[d] = income;
    out.netInvested[d] = invested;
    out.twr[d] = growth;
    previousValue = value;
  }
  Object.assign(state, { entryIndex, previousValue, growth, invested });
}

/** Sets the series' positions and last prices from the state after its last day. */
export function finishSeries(state: SeriesState, out: DailySeries): DailySeries {
  for (const p of state.held) out.positions.set(p.symbol, p);
  state.symbols.forEach((symbol, k) => {
    const p = state.price[k] ?? Number.NaN;
    const before = state.previous[k] ?? Number.NaN;
    if (!Number.isNaN(p)) {
      out.lastPrices.set(symbol, { price: p, previous: Number.isNaN(before) ? null : before });
    }
  });
  return out;
}

/** Builds the daily series of a ledger over stored closes. */
export function dailySeries(
  entries: readonly LedgerEntry[],
  prices: ReadonlyMap<string, PriceSeries>,
  asOf: string,
): DailySeries {
  const sorted = entriesUpTo(entries, asOf);
  const out = emptySeries(seriesDays(sorted, prices, asOf));
  const state = startSeries(sorted);
  advanceSeries(state, prices, out, 0, out.days.length);
  return finishSeries(state, out);
}

/** The last day before a range starts (its base), or null for "since the first entry". */
export function rangeBaseDay(range: PerformanceRange, asOf: string, days: readonly string[]) {
  switch (range) {
    case '1D':
      return days.length >= 2 ? (days[days.length - 2] ?? null) : null;
    case '1W':
      return addDays(asOf, -7);
    case '1M':
      return addDays(asOf, -31);
    case 'YTD':
      return `${String(Number(asOf.slice(0, 4)) - 1)}-12-31`;
    case '1Y':
      return addDays(asOf, -365);
    case 'MAX':
      return null;
  }
}

/** Index into the series of the range's base day; -1 when the range starts before the first day. */
export function baseIndex(series: DailySeries, baseDay: string | null): number {
  return baseDay === null ? -1 : lastOnOrBefore(series.days, baseDay);
}

/** Time-weighted return over (base, last day], as a fraction; null without any day. */
export function timeWeightedReturn(series: DailySeries, base: number): number | null {
  const end = series.twr.length - 1;
  if (end < 0) return null;
  const start = base < 0 ? 1 : (series.twr[base] ?? 1);
  return (series.twr[end] ?? 1) / start - 1;
}

/** Cash flows of the investor over (base, last day]: out of pocket negative, back positive. */
export function rangeCashFlows(series: DailySeries, base: number) {
  const flows: { day: string; amount: number }[] = [];
  const end = series.days.length - 1;
  if (base >= 0) flows.push({ day: series.days[base] ?? '', amount: -(series.value[base] ?? 0) });
  for (let i = base + 1; i <= end; i++) {
    const amount = -(series.inflow[i] ?? 0) + (series.outflow[i] ?? 0) + (series.income[i] ?? 0);
    if (amount !== 0) flows.push({ day: series.days[i] ?? '', amount });
  }
  if (end >= 0) flows.push({ day: series.days[end] ?? '', amount: series.value[end] ?? 0 });
  return flows;
}

/** Net present value of flows at annual rate `rate`, times in years from the first flow. */
function npv(flows: readonly { t: number; amount: number }[], rate: number) {
  let sum = 0;
  for (const f of flows) sum += f.amount / (1 + rate) ** f.t;
  return sum;
}

/**
 * The annual internal rate of return of dated flows (XIRR): Newton's method from 10 %, and
 * bisection over a bracketing interval when Newton leaves (-1, ∞) or does not converge. Null when
 * the flows do not change sign or no rate solves them.
 */
export function xirr(flows: readonly { day: string; amount: number }[]): number | null {
  if (!flows.some((f) => f.amount > 0) || !flows.some((f) => f.amount < 0)) return null;
  const t0 = dayNumber(flows[0]?.day ?? '');
  const timed = flows.map((f) => ({ t: (dayNumber(f.day) - t0) / 365, amount: f.amount }));
  let rate = 0.1;
  for (let i = 0; i < 50; i++) {
    let value = 0;
    let slope = 0;
    for (const f of timed) {
      const discounted = f.amount / (1 + rate) ** f.t;
      value += discounted;
      slope -= (f.t * discounted) / (1 + rate);
    }
    if (!Number.isFinite(value) || !Number.isFinite(slope) || slope === 0) break;
    const next = rate - value / slope;
    if (!Number.isFinite(next) || next <= -1) break;
    if (Math.abs(next - rate) < 1e-10) return next;
    rate = next;
  }
  const grid = [-0.999999, -0.99, -0.9, -0.5, 0, 0.5, 1, 3, 10, 100, 1e4, 1e6];
  for (let i = 0; i + 1 < grid.length; i++) {
    let lo = grid[i] ?? 0;
    let hi = grid[i + 1] ?? 0;
    let fLo = npv(timed, lo);
    if (Math.sign(fLo) === Math.sign(npv(timed, hi))) continue;
    for (let k = 0; k < 200 && hi - lo > 1e-12; k++) {
      const mid = (lo + hi) / 2;
      const fMid = npv(timed, mid);
      if (Math.sign(fMid) === Math.sign(fLo)) {
        lo = mid;
        fLo = fMid;
      } else hi = mid;
    }
    return (lo + hi) / 2;
  }
  return null;
}

/**
 * Money-weighted return over (base, last day] as a fraction. Over a year or more it is XIRR's
 * annual rate; for a shorter range it is the return over the period that rate implies
 * ((1 + XIRR)^(days/365) − 1), because annualising a week's move turns +1 % into +68 %.
 */
export function moneyWeightedReturn(series: DailySeries, base: number): number | null {
  const flows = rangeCashFlows(series, base);
  if (flows.length < 2) return null;
  const days = dayNumber(flows.at(-1)?.day ?? '') - dayNumber(flows[0]?.day ?? '');
  if (days === 0) {
    // All on one day: the day's simple return.
    const paid = flows.reduce((s, f) => s + Math.max(0, -f.amount), 0);
    const got = flows.reduce((s, f) => s + Math.max(0, f.amount), 0);
    return paid > 0 ? got / paid - 1 : null;
  }
  const rate = xirr(flows);
  if (rate === null) return null;
  return days >= 365 ? rate : (1 + rate) ** (days / 365) - 1;
}

/** The level of an index on `day` (its last level on or before), or null. */
export function levelOn(index: IndexSeries, day: string): number | null {
  const i = lastOnOrBefore(index.days, day);
  return i < 0 ? null : (index.levels[i] ?? null);
}

/** The benchmark's return from the base day (or the day before the first) to the last day. */
export function benchmarkReturn(
  index: IndexSeries,
  series: DailySeries,
  base: number,
): number | null {
  const end = series.days.at(-1);
  const startDay = base >= 0 ? series.days[base] : series.days[0] && addDays(series.days[0], -1);
  if (end === undefined || startDay === undefined) return null;
  const from = levelOn(index, startDay) ?? index.levels[0] ?? null;
  const to = levelOn(index, end);
  return from && to ? to / from - 1 : null;
}

/** Chains daily returns into levels starting at 100. */
export function chainReturns(days: readonly string[], returns: readonly number[]): IndexSeries {
  const levels: number[] = [];
  let level = 100;
  for (const r of returns) {
    level *= 1 + r;
    levels.push(level);
  }
  return { days, levels };
}

/**
 * Each listing's part of the portfolio's gain over (base, last day], in percent points of what
 * was at work (value at the base plus money put in): its end value plus what it paid out, minus
 * its base value and what was put into it. The parts add up to the range's simple return.
 */
export function contributions(
  entries: readonly LedgerEntry[],
  prices: ReadonlyMap<string, PriceSeries>,
  series: DailySeries,
  base: number,
): Map<string, number> {
  const baseDay = base >= 0 ? (series.days[base] ?? '') : '';
  const startPositions = new Map<string, Position>();
  const gain = new Map<string, number>();
  let atWork = 0;
  const add = (symbol: string, amount: number) =>
    gain.set(symbol, (gain.get(symbol) ?? 0) + amount);
  for (const entry of [...entries].sort(byDateThenSeq)) {
    if (entry.date <= baseDay) {
      let p = startPositions.get(entry.symbol);
      if (!p) startPositions.set(entry.symbol, (p = emptyPosition(entry.symbol)));
      applyEntry(p, entry);
      continue;
    }
    const gross = entry.quantity * entry.price;
    if (entry.type === 'buy') {
      add(entry.symbol, -(gross + entry.fees));
      atWork += gross + entry.fees;
    } else if (entry.type === 'sell') add(entry.symbol, gross - entry.fees);
    else if (entry.type === 'dividend') add(entry.symbol, gross - entry.fees);
    else if (entry.type === 'fee') add(entry.symbol, -(gross + entry.fees));
    else add(entry.symbol, -entry.fees);
  }
  for (const [symbol, p] of startPositions) {
    if (p.quantity === 0) continue;
    const s = prices.get(symbol);
    const i = s ? lastOnOrBefore(s.days, baseDay) : -1;
    const close = i >= 0 && s ? (s.closes[i] ?? 0) : p.costBasis / p.quantity;
    add(symbol, -p.quantity * close);
    atWork += p.quantity * close;
  }
  for (const [symbol, p] of series.positions) {
    if (p.quantity !== 0) add(symbol, p.quantity * (series.lastPrices.get(symbol)?.price ?? 0));
  }
  const result = new Map<string, number>();
  for (const [symbol, g] of gain) result.set(symbol, atWork > 0 ? (g / atWork) * 100 : 0);
  return result;
}
