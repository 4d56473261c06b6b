/*
 * What every synthetic series shares, grown on demand (memoised, deterministic): the trading days
 * from SERIES_EPOCH, the anchor day, the regular session and the market-wide daily shock.
 */
import { createRandom, fnv1a32, mix32 } from './seeded-random.ts';
import { dayNumber, isoDate, isTradingDayNumber } from './trading-calendar.ts';

/** First day of every synthetic series. */
export const SERIES_EPOCH = '2015-01-02';
/** The day whose close equals the reference price (or the last trading day before it). */
export const ANCHOR_DATE = '2026-11-20';

/** Regular session, in minutes after New York midnight: 09:30–16:00. */
export const SESSION_OPEN_MINUTES = 9 * 60 + 30;
export const SESSION_CLOSE_MINUTES = 16 * 60;
export const SESSION_MINUTES = SESSION_CLOSE_MINUTES - SESSION_OPEN_MINUTES;

/** The market's daily shocks are a normal mixture too: a tail day has TAIL_SCALE × sd. */
const MARKET_TAIL_P = 0.01;
const MARKET_TAIL_SCALE = 3;
/** Market-wide volatility regime: log-AR(1) with this persistence and stationary sd. */
const MARKET_REGIME_PERSISTENCE = 0.98;
const MARKET_REGIME_SD = 0.3;

/** SERIES_EPOCH as a day number. */
export const EPOCH_DAY = dayNumber(SERIES_EPOCH);
const calendarDays: number[] = [];
const calendarDates: string[] = [];
let calendarThrough = EPOCH_DAY - 1;

/** Makes calendarDays (and their `YYYY-MM-DD`) hold every trading day from the epoch to `day`. */
function extendCalendar(day: number): void {
  for (let d = calendarThrough + 1; d <= day; d++) {
    if (isTradingDayNumber(d)) {
      calendarDays.push(d);
      calendarDates.push(isoDate(d));
    }
  }
  calendarThrough = Math.max(calendarThrough, day);
}

/** The day number of trading day `index` (from the epoch). */
export function calendarDay(index: number): number {
  const day = calendarDays[index];
  if (day === undefined) throw new RangeError(`Trading day ${index} not in the calendar`);
  return day;
}

/** Index (from the epoch) of the last trading day on or before `day`; -1 before the epoch. */
export function indexOnOrBefore(day: number): number {
  extendCalendar(day);
  let lo = 0;
  let hi = calendarDays.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (calendarDay(mid) <= day) lo = mid + 1;
    else hi = mid - 1;
  }
  return hi;
}

/** Index of the anchor day: its close is the reference price. */
export const ANCHOR_INDEX = indexOnOrBefore(dayNumber(ANCHOR_DATE));

const marketShocks: number[] = [];
const marketRandom = createRandom(mix32(fnv1a32('stockpulse demo market'), 2));
let marketRegime = MARKET_REGIME_SD * marketRandom.normal();

/** Standardised market-wide shock of each trading day (variance 1, fat-tailed, clustered). */
function marketShock(index: number): number {
  const bodyScale = Math.sqrt((1 - MARKET_TAIL_P * MARKET_TAIL_SCALE ** 2) / (1 - MARKET_TAIL_P));
  const innovation = MARKET_REGIME_SD * Math.sqrt(1 - MARKET_REGIME_PERSISTENCE ** 2);
  while (marketShocks.length <= index) {
    marketRegime = MARKET_REGIME_PERSISTENCE * marketRegime + innovation * marketRandom.normal();
    // exp(h − s²) with h ~ N(0, s²) has E[·²] = 1, so the regime keeps the variance at 1.
    const regime = Math.exp(marketRegime - MARKET_REGIME_SD ** 2);
    const tail = marketRandom.next() < MARKET_TAIL_P ? MARKET_TAIL_SCALE : bodyScale;
    marketShocks.push(regime * tail * marketRandom.normal());
  }
  return marketShocks[index] ?? 0;
}

/** The market's shocks of every trading day through `index` (index 0 is the epoch). */
export function marketShocksThrough(index: number): readonly number[] {
  marketShock(index);
  return marketShocks;
}

/** `YYYY-MM-DD` of trading day `index`. */
export function calendarDate(index: number): string {
  return calendarDates[index] ?? isoDate(calendarDay(index));
}
