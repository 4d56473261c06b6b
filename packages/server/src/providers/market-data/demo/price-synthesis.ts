/**
 * Deterministic synthetic prices for the demo provider: a seeded random walk per symbol with
 * plausible volatility, drift, fat tails and volume, scaled so the close on the anchor date equals
 * the data set's reference price, plus a smooth intraday path so quotes move while the app runs.
 *
 * Every series starts at SERIES_EPOCH and is always generated from there, so the bar of a symbol
 * on a given date is the same whatever range is asked for, on every run. Pure: no I/O, no clock.
 */
import type { DailyBar, Quote } from '../market-data-provider.ts';
import { intradayPath } from './intraday-path.ts';
import { createRandom, fnv1a32, mix32, normalsAt } from './seeded-random.ts';
import {
  ANCHOR_INDEX,
  calendarDate,
  calendarDay,
  EPOCH_DAY,
  indexOnOrBefore,
  marketShocksThrough,
  SESSION_CLOSE_MINUTES,
  SESSION_MINUTES,
  SESSION_OPEN_MINUTES,
} from './synthesis-calendar.ts';
import {
  EARNINGS_EVERY,
  normalizeSymbol,
  symbolSeed,
  synthesisParameters,
  type SynthesisParameters,
} from './synthesis-parameters.ts';
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

const TRADING_DAYS_PER_YEAR = 252;
/** Smallest price ever produced (prices are always > 0.01). */
const MIN_PRICE = 0.02;

/** Daily shocks are a normal mixture: a "news day" with probability TAIL_P has TAIL_SCALE × sd. */
const IDIOSYNCRATIC_TAIL_P = 0.02;
const IDIOSYNCRATIC_TAIL_SCALE = 3;

/**
 * A symbol's close-to-close walk from the epoch (unscaled log closes) and what is needed to
 * derive each day's open, high, low and volume on demand. Price = scale × exp(log).
 */
interface Series {
  closeLog: Float64Array;
  /** Multiplier that puts the anchor close on the reference price. */
  scale: number;
  params: SynthesisParameters;
  drift: number;
  dailyTotal: number;
  dailyDiffusion: number;
  /** Seed of the per-day generators that draw gaps, wicks and volume noise. */
  detailSeed: number;
}

/** One day in the unscaled log domain. */
interface LogBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volumeFactor: number;
}

function at(values: Float64Array, index: number): number {
  return values[index] ?? Number.NaN;
}

/**
 * Walks a symbol's closes from the epoch through trading-day index `lastIndex` (and at least
 * through the anchor). Only the day's move is drawn from the sequential stream, so the walk costs
 * one normal and one uniform a day; the other details of a day come from barLogs.
 */
function generateSeries(
  symbol: string,
  referencePrice: number,
  sector: string | undefined,
  lastIndex: number,
): Series {
  const length = Math.max(lastIndex, ANCHOR_INDEX) + 1;
  const marketShocks = marketShocksThrough(length - 1);
  const seed = symbolSeed(symbol);
  const params = synthesisParameters(symbol, sector);
  const random = createRandom(mix32(seed, 3));

  const vol = params.annualVolatility;
  const dailyTotal = vol / Math.sqrt(TRADING_DAYS_PER_YEAR);
  const dailyDiffusion = dailyTotal * Math.sqrt(1 - params.earningsVarianceShare);
  // Four jumps a year carry earningsVarianceShare of the annual variance.
  const jumpSd = vol * Math.sqrt(params.earningsVarianceShare / 4);
  const drift = (params.annualDrift - vol ** 2 / 2) / TRADING_DAYS_PER_YEAR;
  const rho = params.marketCorrelation;
  const rhoComplement = Math.sqrt(1 - rho ** 2);
  const tailBody = Math.sqrt(
    (1 - IDIOSYNCRATIC_TAIL_P * IDIOSYNCRATIC_TAIL_SCALE ** 2) / (1 - IDIOSYNCRATIC_TAIL_P),
  );

  const closeLog = new Float64Array(length);
  let previous = 0;
  for (let i = 0; i < length; i++) {
    const tail = random.next() < IDIOSYNCRATIC_TAIL_P ? IDIOSYNCRATIC_TAIL_SCALE : tailBody;
    const shock = rho * (marketShocks[i] ?? 0) + rhoComplement * tail * random.normal();
    let move = drift + dailyDiffusion * shock;
    if (i % EARNINGS_EVERY === params.earningsPhase) move += jumpSd * random.normal();
    previous += move;
    closeLog[i] = previous;
  }

  return {
    closeLog,
    scale: referencePrice / Math.exp(at(closeLog, ANCHOR_INDEX)),
    params,
    drift,
    dailyTotal,
    dailyDiffusion,
    detailSeed: mix32(seed, 5),
  };
}

const dayNormals = new Float64Array(4);

/** The open, high, low and volume factor of day `index`, from a generator keyed by symbol+day. */
function barLogs(series: Series, index: number): LogBar {
  const draws = normalsAt(mix32(series.detailSeed, index), dayNormals);
  const gapDraw = at(draws, 0);
  const volumeDraw = at(draws, 1);
  const upperDraw = at(draws, 2);
  const lowerDraw = at(draws, 3);
  const previous = index > 0 ? at(series.closeLog, index - 1) : 0;
  const close = at(series.closeLog, index);
  const move = close - previous;
  const earnings = index % EARNINGS_EVERY === series.params.earningsPhase;
  const surprise = Math.abs(move - series.drift) / series.dailyTotal;

  // The open gaps by a fifth of the day's move plus a little noise; the rest happens in session.
  const gapNoise = Math.max(-3, Math.min(3, gapDraw));
  const open = previous + 0.2 * move + 0.15 * series.dailyDiffusion * gapNoise;
  const wick = 0.45 * series.dailyDiffusion * (0.75 + 0.25 * surprise);
  // Log-normal day-to-day noise (mean 1), more on big moves, more still on earnings days.
  const noise = Math.exp(0.3 * volumeDraw - 0.045);
  const activity = Math.min(4, 0.7 + 0.3 * surprise ** 2) * (earnings ? 1.8 : 1);
  return {
    open,
    high: Math.max(open, close) + wick * Math.abs(upperDraw),
    low: Math.min(open, close) - wick * Math.abs(lowerDraw),
    close,
    volumeFactor: noise * activity,
  };
}

function roundPrice(value: number): number {
  return Math.max(MIN_PRICE, Math.round(value * 100) / 100);
}

function toPrice(series: Series, logValue: number): number {
  return roundPrice(series.scale * Math.exp(logValue));
}

function barAt(series: Series, index: number, logs = barLogs(series, index)): DailyBar {
  const open = toPrice(series, logs.open);
  const close = toPrice(series, logs.close);
  return {
    date: calendarDate(index),
    open,
    high: Math.max(open, close, toPrice(series, logs.high)),
    low: Math.min(open, close, toPrice(series, logs.low)),
    close,
    volume: Math.max(1, Math.round((series.params.dollarVolume * logs.volumeFactor) / close)),
  };
}

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
  const series = generateSeries(input.symbol, input.referencePrice, input.sector, last);
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
  const series = generateSeries(symbol, input.referencePrice, input.sector, index);
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
