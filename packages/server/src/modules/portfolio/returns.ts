import { addIsoDays, dayNumber } from '@app/shared/dates';
import type { PerformanceRange } from '@app/shared/api/portfolio';
import { byDateThenSeq, openPositions, type LedgerEntry } from './ledger.ts';
import { lastOnOrBefore, type DailySeries, type PriceSeries } from './performance.ts';

/** A benchmark's level per day (any start), oldest first. */
export type IndexSeries = { days: readonly string[]; levels: readonly number[] };

/*
 * A range's figures over a portfolio's daily series (performance.ts): its base day, time- and
 * money-weighted returns (XIRR), the benchmark's return and each listing's contribution.
 */

/** The last day before a range starts (its base), or null for "since the first entry". */
export function rangeBaseDay(range: PerformanceRange, asOf: string, days: readonly string[]) {
  switch (range) {
    case '1D':
      return days.length >= 2 ? (days[days.length - 2] ?? null) : null;
    case '1W':
      return addIsoDays(asOf, -7);
    case '1M':
      return addIsoDays(asOf, -31);
    case 'YTD':
      return `${String(Number(asOf.slice(0, 4)) - 1)}-12-31`;
    case '1Y':
      return addIsoDays(asOf, -365);
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
  const startDay = base >= 0 ? series.days[base] : series.days[0] && addIsoDays(series.days[0], -1);
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
  const start = openPositions();
  const gain = new Map<string, number>();
  let atWork = 0;
  const add = (symbol: string, amount: number) =>
    gain.set(symbol, (gain.get(symbol) ?? 0) + amount);
  for (const entry of [...entries].sort(byDateThenSeq)) {
    if (entry.date <= baseDay) {
      start.apply(entry);
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
  for (const [symbol, p] of start.positions) {
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
