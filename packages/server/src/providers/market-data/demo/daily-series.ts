/**
 * The seeded daily series behind the demo's prices: a symbol's close-to-close log walk from the
 * epoch, and each day's open, high, low and volume derived on demand from a generator keyed by
 * symbol and day. Pure: no I/O, no clock. Public bars and quotes: price-synthesis.ts.
 */
import type { DailyBar } from '../market-data-provider.ts';
import { createRandom, mix32, normalsAt } from './seeded-random.ts';
import { ANCHOR_INDEX, calendarDate, marketShocksThrough } from './synthesis-calendar.ts';
import {
  EARNINGS_EVERY,
  symbolSeed,
  synthesisParameters,
  type SynthesisParameters,
} from './synthesis-parameters.ts';

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
export interface Series {
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
export interface LogBar {
  open: number;
  high: number;
  low: number;
  close: number;
  volumeFactor: number;
}

export function at(values: Float64Array, index: number): number {
  return values[index] ?? Number.NaN;
}

/**
 * Walks a symbol's closes from the epoch through trading-day index `lastIndex` (and at least
 * through the anchor). Only the day's move is drawn from the sequential stream, so the walk costs
 * one normal and one uniform a day; the other details of a day come from barLogs.
 */
export function generateSeries(
  symbol: string,
  referencePrice: number,
  sector: string | undefined,
  lastIndex: number,
  sizeRank?: number,
): Series {
  const length = Math.max(lastIndex, ANCHOR_INDEX) + 1;
  const marketShocks = marketShocksThrough(length - 1);
  const seed = symbolSeed(symbol);
  const params = synthesisParameters(symbol, sector, sizeRank);
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
export function barLogs(series: Series, index: number): LogBar {
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

export function toPrice(series: Series, logValue: number): number {
  return roundPrice(series.scale * Math.exp(logValue));
}

export function barAt(series: Series, index: number, logs = barLogs(series, index)): DailyBar {
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
