/**
 * The demo prices the newsroom writes from: the same deterministic synthetic series the demo
 * market data serves (`synthesizeDailyBars`), loaded for a window of trading days, and the facts
 * of one company on one day (its move in standard deviations, volume against its average, the
 * 52 weeks before it). Pure: no clock, no I/O.
 */
import { SERIES_EPOCH, synthesizeDailyBars } from '../../market-data/demo/price-synthesis.ts';
import { dayNumber, isoDate, tradingDaysBetween } from '../../market-data/demo/trading-calendar.ts';
import { isDividendDay, isEarningsDay, type NewsroomCompany } from './company-figures.ts';

/** Sessions in a 52-week look-back. */
export const YEAR_SESSIONS = 252;
/** Sessions the usual volume is averaged over. */
const VOLUME_SESSIONS = 50;
/** Calendar days loaded before the first day written about: a year of sessions and a margin. */
const LOOKBACK_CALENDAR_DAYS = 380;

/** Closes and volumes of every company on the same trading days, oldest first. */
export type PriceWindow = {
  days: readonly string[];
  /** Trading-day index (from the series epoch) of `days[0]`. */
  firstIndex: number;
  closes: ReadonlyMap<string, Float64Array>;
  volumes: ReadonlyMap<string, Float64Array>;
};

/** One company's session, as the newsroom sees it. */
export type CompanyDay = {
  company: NewsroomCompany;
  day: string;
  /** Trading-day index from the series epoch. */
  index: number;
  close: number;
  previousClose: number;
  /** Close-to-close change in percent. */
  changePct: number;
  /** The day's log return in standard deviations of the company's daily returns. */
  z: number;
  volume: number;
  /** The day's volume over the average of the 50 sessions before it. */
  volumeRatio: number;
  /** Highest and lowest close of the 252 sessions before the day. */
  high52: number;
  low52: number;
  /** The close 252 sessions before. */
  yearAgoClose: number;
  earnings: boolean;
  dividend: boolean;
};

const tradingIndexCache = new Map<string, number>();

/** Index of a trading day counted from the series epoch (the demo prices' own count). */
export function tradingIndex(day: string): number {
  let index = tradingIndexCache.get(day);
  if (index === undefined) {
    index = tradingDaysBetween(SERIES_EPOCH, day).length - 1;
    tradingIndexCache.set(day, index);
  }
  return index;
}

/** Loads the closes and volumes from a year before `from` through `to` (both `YYYY-MM-DD`). */
export function loadPriceWindow(
  companies: readonly NewsroomCompany[],
  from: string,
  to: string,
): PriceWindow {
  const start = isoDate(dayNumber(from) - LOOKBACK_CALENDAR_DAYS);
  const days = tradingDaysBetween(start, to);
  const closes = new Map<string, Float64Array>();
  const volumes = new Map<string, Float64Array>();
  for (const company of companies) {
    const bars = synthesizeDailyBars({
      symbol: company.symbol,
      referencePrice: company.referencePrice,
      sector: company.sector,
      sizeRank: company.sizeRank,
      from: start,
      to,
    });
    if (bars.length !== days.length) continue;
    closes.set(
      company.symbol,
      Float64Array.from(bars, (bar) => bar.close),
    );
    volumes.set(
      company.symbol,
      Float64Array.from(bars, (bar) => bar.volume),
    );
  }
  return { days, firstIndex: days[0] ? tradingIndex(days[0]) : 0, closes, volumes };
}

/** Position of a trading day in the window, or -1 when it is not one of its days. */
export function windowPosition(window: PriceWindow, day: string): number {
  return window.days.indexOf(day);
}

/** A company's facts on window day `position`, or null without a year of sessions before it. */
export function companyDay(
  window: PriceWindow,
  company: NewsroomCompany,
  position: number,
): CompanyDay | null {
  const closes = window.closes.get(company.symbol);
  const volumes = window.volumes.get(company.symbol);
  const day = window.days[position];
  if (!closes || !volumes || !day || position < YEAR_SESSIONS) return null;
  const close = closes[position] ?? Number.NaN;
  const previousClose = closes[position - 1] ?? Number.NaN;
  let high52 = -Infinity;
  let low52 = Infinity;
  for (let i = position - YEAR_SESSIONS; i < position; i++) {
    const value = closes[i] ?? Number.NaN;
    if (value > high52) high52 = value;
    if (value < low52) low52 = value;
  }
  let volumeSum = 0;
  for (let i = position - VOLUME_SESSIONS; i < position; i++) volumeSum += volumes[i] ?? 0;
  const volume = volumes[position] ?? 0;
  const index = window.firstIndex + position;
  return {
    company,
    day,
    index,
    close,
    previousClose,
    changePct: ((close - previousClose) / previousClose) * 100,
    z: Math.log(close / previousClose) / company.dailySd,
    volume,
    volumeRatio: volume / (volumeSum / VOLUME_SESSIONS),
    high52,
    low52,
    yearAgoClose: closes[position - YEAR_SESSIONS] ?? Number.NaN,
    earnings: isEarningsDay(company, index),
    dividend: isDividendDay(company, index),
  };
}
