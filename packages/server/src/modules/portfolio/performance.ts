import {
  applyEntry,
  byDateThenSeq,
  emptyPosition,
  type LedgerEntry,
  type Position,
} from './ledger.ts';
import { addIsoDays } from '@app/shared/dates';

/** Daily closes of one listing, oldest first (`days[i]` closed at `closes[i]`). */
export type PriceSeries = { days: readonly string[]; closes: readonly number[] };

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
        let i = lastOnOrBefore(series.days, addIsoDays(first, -1)) + 1;
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
        cursor[k] = series ? lastOnOrBefore(series.days, addIsoDays(day, -1)) + 1 : 0;
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
