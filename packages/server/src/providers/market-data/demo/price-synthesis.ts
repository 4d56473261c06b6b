/**
 * Deterministic synthetic prices for the demo provider: a seeded random walk per symbol with
 * plausible volatility, drift, fat tails and volume, scaled so the close on the anchor date equals
 * the data set's reference price, plus a smooth intraday path so quotes move while the app runs.
 *
 * Every series starts at SERIES_EPOCH and is always generated from there, so the bar of a symbol
 * on a given date is the same whatever range is asked for, on every run. Pure: no I/O, no clock.
 */
import type { DailyBar, Quote } from '../market-data-provider.ts';
import { at, barAt, barLogs, generateSeries, toPrice } from './daily-series.ts';
import { intradayPath } from './intraday-path.ts';
import { createRandom, fnv1a32, mix32 } from './seeded-random.ts';
import {
  calendarDay,
  EPOCH_DAY,
  indexOnOrBefore,
  SESSION_CLOSE_MINUTES,
  SESSION_MINUTES,
  SESSION_OPEN_MINUTES,
} from './synthesis-calendar.ts';
import { normalizeSymbol } from './synthesis-parameters.ts';
import {
  dayNumber,
  isoDate,
  isTradingDayNumber,
  newYorkInstant,
  newYorkTime,
} from './trading-calendar.ts';

export { isTradingDay, tradingDaysBetween } from './trading-calendar.ts';
export { ANCHOR_DATE, SERIES_EPOCH } from './synthesis-calendar.ts';
export { EARNINGS_EVERY, synthesisParameters, volatilityBand } from './synthesis-parameters.ts';
export type { SynthesisParameters, VolatilityBand } from './synthesis-parameters.ts';

function checkReferencePrice(referencePrice: number): void {
  if (!Number.isFinite(referencePrice) || referencePrice <= 0) {
    throw new RangeError(`referencePrice must be a positive number, got ${referencePrice}`);
  }
}

/** What a synthetic daily series is derived from. */
export interface SynthesisInput {
  /** `EXCHANGE:TICKER` (case-insensitive); the seed of everything. */
  symbol: string;
  /** The close on ANCHOR_DATE; the whole series is scaled to it. */
  referencePrice: number;
  /** GICS sector, which sets the volatility band. */
  sector?: string;
  /** Size rank within the sector (1 = largest), which sets the traded volume. */
  sizeRank?: number;
}

/**
 * Daily bars for the NYSE trading days in `from`–`to` (inclusive, `YYYY-MM-DD`; nothing before
 * SERIES_EPOCH). Pure: callers cap `to` at the last completed session themselves.
 */
export function synthesizeDailyBars(
  input: SynthesisInput & { from: string; to: string },
): DailyBar[] {
  checkReferencePrice(input.referencePrice);
  const fromDay = Math.max(dayNumber(input.from), EPOCH_DAY);
  const toDay = dayNumber(input.to);
  if (toDay < fromDay) return [];
  const first = indexOnOrBefore(fromDay - 1) + 1;
  const last = indexOnOrBefore(toDay);
  if (last < first) return [];
  const series = generateSeries(
    input.symbol,
    input.referencePrice,
    input.sector,
    last,
    input.sizeRank,
  );
  const bars: DailyBar[] = [];
  for (let i = first; i <= last; i++) bars.push(barAt(series, i));
  return bars;
}

/** The last trading day (`YYYY-MM-DD`) whose regular session had closed at `now`. */
export function lastCompletedTradingDay(now: Date): string {
  const { day, minutes } = newYorkTime(now);
  const sessionDone = isTradingDayNumber(day) && minutes >= SESSION_CLOSE_MINUTES;
  let d = sessionDone ? day : day - 1;
  while (!isTradingDayNumber(d)) d--;
  return isoDate(d);
}

function roundTo(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor + 0; // + 0 turns -0 into 0
}

function makeQuote(
  symbol: string,
  values: { price: number; previousClose: number; open: number; low: number; high: number },
  asOf: Date,
): Quote {
  const change = roundTo(values.price - values.previousClose, 2);
  return {
    symbol,
    price: values.price,
    previous_close: values.previousClose,
    open: values.open,
    day_low: values.low,
    day_high: values.high,
    change,
    change_pct: roundTo((100 * (values.price - values.previousClose)) / values.previousClose, 4),
    currency: 'USD',
    as_of: asOf,
  };
}

/**
 * The quote at `now`. During the regular session (09:30–16:00 New York, trading days) the price
 * follows a smooth deterministic path from the day's open to its close, with the running low and
 * high; outside it the quote is the last completed session's close (constant until next open).
 */
export function intradayQuote(input: SynthesisInput & { now: Date }): Quote {
  checkReferencePrice(input.referencePrice);
  const symbol = normalizeSymbol(input.symbol);
  const { day, minutes } = newYorkTime(input.now);
  const inSession =
    day >= EPOCH_DAY &&
    isTradingDayNumber(day) &&
    minutes >= SESSION_OPEN_MINUTES &&
    minutes < SESSION_CLOSE_MINUTES;
  const sessionDone = isTradingDayNumber(day) && minutes >= SESSION_CLOSE_MINUTES;
  const index = Math.max(0, indexOnOrBefore(inSession || sessionDone ? day : day - 1));
  const series = generateSeries(symbol, input.referencePrice, input.sector, index, input.sizeRank);
  const logs = barLogs(series, index);
  const bar = barAt(series, index, logs);
  const previousClose = index > 0 ? toPrice(series, at(series.closeLog, index - 1)) : bar.open;

  if (!inSession) {
    const values = {
      price: bar.close,
      previousClose,
      open: bar.open,
      low: bar.low,
      high: bar.high,
    };
    return makeQuote(symbol, values, newYorkInstant(calendarDay(index), SESSION_CLOSE_MINUTES));
  }

  const path = intradayPath(
    createRandom(mix32(fnv1a32(`${symbol}@${bar.date}`), 4)),
    logs.open,
    logs.close,
    logs.high,
    logs.low,
  );
  const elapsed = minutes - SESSION_OPEN_MINUTES;
  const current = toPrice(series, path.at(elapsed / SESSION_MINUTES));
  let low = Math.min(bar.open, current);
  let high = Math.max(bar.open, current);
  for (let m = 1; m <= elapsed; m++) {
    const sample = toPrice(series, path.at(m / SESSION_MINUTES));
    low = Math.min(low, sample);
    high = Math.max(high, sample);
  }
  const values = { price: current, previousClose, open: bar.open, low, high };
  return makeQuote(symbol, values, input.now);
}
