import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import type { QuoteBase } from 'yahoo-finance2/modules/quote';
import type { QuoteSummaryResult } from 'yahoo-finance2/modules/quoteSummary-iface';
import type { SearchResult } from 'yahoo-finance2/modules/search';
import {
  UNKNOWN_EVENT_FIGURES,
  type CompanyProfile,
  type CorporateEvent,
  type DailyBar,
  type Fundamentals,
  type ListingEvent,
  type MarketNewsStory,
  type Quote,
  type SymbolMatch,
} from '../market-data-provider.ts';
import { fromYahooSymbol } from './yahoo-symbols.ts';
import { isoDay } from '@app/shared/dates';
import { tickerOf } from '@app/shared/symbols';

/** Yahoo's sector names (Morningstar's) → the GICS sector names the rest of the product uses. */
const GICS_SECTOR: Readonly<Record<string, string>> = {
  Technology: 'Information Technology',
  'Consumer Cyclical': 'Consumer Discretionary',
  'Consumer Defensive': 'Consumer Staples',
  'Financial Services': 'Financials',
  Healthcare: 'Health Care',
  'Basic Materials': 'Materials',
};

/** Yahoo quotes some exchanges in minor units (LSE in pence: `GBp`); we quote the ISO currency. */
const MINOR_UNITS: Readonly<Record<string, string>> = {
  GBp: 'GBP',
  GBX: 'GBP',
  ZAc: 'ZAR',
  ILA: 'ILS',
};

/** The ISO 4217 currency of a Yahoo currency code and what its prices are divided by to be in it. */
export function isoCurrency(code: string | undefined): { currency: string; divisor: number } {
  if (!code) return { currency: 'USD', divisor: 1 };
  const major = MINOR_UNITS[code];
  return major ? { currency: major, divisor: 100 } : { currency: code, divisor: 1 };
}

const text = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** Our quote from a Yahoo v7 quote; null when Yahoo has no regular-market price for it. */
export function mapQuote(symbol: string, quote: QuoteBase, now: Date): Quote | null {
  if (typeof quote.regularMarketPrice !== 'number') return null;
  const { currency, divisor } = isoCurrency(quote.currency);
  const price = quote.regularMarketPrice / divisor;
  const inCurrency = (value: number | undefined, fallback: number) =>
    value === undefined ? fallback : value / divisor;
  const previousClose = inCurrency(quote.regularMarketPreviousClose, price);
  const open = inCurrency(quote.regularMarketOpen, price);
  const change = inCurrency(quote.regularMarketChange, price - previousClose);
  return {
    symbol,
    price,
    previous_close: previousClose,
    open,
    day_low: inCurrency(quote.regularMarketDayLow, Math.min(open, price)),
    day_high: inCurrency(quote.regularMarketDayHigh, Math.max(open, price)),
    change,
    change_pct:
      quote.regularMarketChangePercent ??
      (previousClose === 0 ? 0 : (change / previousClose) * 100),
    currency,
    as_of: quote.regularMarketTime ?? now,
  };
}

/** `YYYY-MM-DD` of an instant in an exchange's time zone (its UTC offset when the zone is unknown). */
export function exchangeDay(instant: Date, timeZone: string, gmtOffsetSeconds: number): string {
  try {
    return new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(instant);
  } catch {
    return new Date(instant.getTime() + gmtOffsetSeconds * 1000).toISOString().slice(0, 10);
  }
}

/**
 * Complete daily bars of a Yahoo chart with `from <= date <= to`, oldest first: bars with a
 * missing field are dropped, and so is the bar of a session still trading at `now` (Yahoo
 * includes it, but it is not a finished day yet). Prices in minor units become the ISO currency.
 */
export function mapChartBars(
  chart: ChartResultArray,
  range: { from: string; to: string },
  now: Date,
): DailyBar[] {
  const { exchangeTimezoneName, gmtoffset, currentTradingPeriod } = chart.meta;
  const { divisor } = isoCurrency(chart.meta.currency);
  const day = (instant: Date) => exchangeDay(instant, exchangeTimezoneName, gmtoffset);
  const session = currentTradingPeriod.regular;
  const openSession = now < session.end ? day(session.start) : null;
  const byDate = new Map<string, DailyBar>();
  for (const bar of chart.quotes) {
    const { open, high, low, close, volume } = bar;
    if (open === null || high === null || low === null || close === null || volume === null) {
      continue;
    }
    const date = day(bar.date);
    if (date < range.from || date > range.to || date === openSession) continue;
    // Yahoo sometimes repeats the latest day (session start and last trade); the later row wins.
    byDate.set(date, {
      date,
      open: open / divisor,
      high: high / divisor,
      low: low / divisor,
      close: close / divisor,
      volume: Math.round(volume),
    });
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Our profile from Yahoo's quoteSummary (`price`, `summaryProfile`/`assetProfile`, `quoteType`). */
export function mapProfile(symbol: string, summary: QuoteSummaryResult): CompanyProfile | null {
  const { price, quoteType } = summary;
  const profile = summary.summaryProfile ?? summary.assetProfile;
  if (!price && !quoteType) return null;
  const name =
    text(price?.longName) ??
    text(quoteType?.longName) ??
    text(price?.shortName) ??
    text(quoteType?.shortName) ??
    tickerOf(symbol);
  const sector = text(profile?.sector);
  return {
    symbol,
    name,
    sector: sector === null ? null : (GICS_SECTOR[sector] ?? sector),
    sub_industry: text(profile?.industry),
    website: text(profile?.website),
    summary: text(profile?.longBusinessSummary),
    quote_type: quoteType?.quoteType ?? price?.quoteType ?? 'EQUITY',
    currency: isoCurrency(price?.currency).currency,
  };
}

/** Equity and ETF hits of a Yahoo search as our symbols, best first; unmappable ones dropped. */
export function mapSearchMatches(result: SearchResult, limit: number): SymbolMatch[] {
  const matches: SymbolMatch[] = [];
  const seen = new Set<string>();
  for (const hit of result.quotes) {
    if (matches.length >= limit) break;
    if (!hit.isYahooFinance || (hit.quoteType !== 'EQUITY' && hit.quoteType !== 'ETF')) continue;
    const symbol = fromYahooSymbol(hit.symbol, hit.exchange);
    if (!symbol || seen.has(symbol)) continue;
    seen.add(symbol);
    const name = text(hit.longname) ?? text(hit.shortname) ?? tickerOf(symbol);
    matches.push({ symbol, name, quote_type: hit.quoteType });
  }
  return matches;
}

/**
 * The stories of a Yahoo search (`news[]`); ones without a title or a web link dropped, one
 * without a date dated `now`.
 */
export function mapSearchNews(result: SearchResult, now: Date): MarketNewsStory[] {
  const stories: MarketNewsStory[] = [];
  for (const story of result.news) {
    const title = text(story.title);
    if (!title || !/^https?:\/\//i.test(story.link)) continue;
    const published = new Date(story.providerPublishTime);
    stories.push({
      id: story.uuid,
      title,
      publisher: text(story.publisher) ?? '',
      link: story.link,
      published_at: Number.isNaN(published.getTime()) ? now : published,
      related: story.relatedTickers ?? [],
    });
  }
  return stories;
}

/** `YYYY-MM-DD` of a Yahoo calendar instant (UTC: Yahoo dates dividends at UTC midnight). */

/**
 * The earnings and dividend dates of Yahoo's `calendarEvents` module with `from <= date <= to`:
 * the next earnings date (Yahoo gives a two-day window while the date is an estimate: the first
 * day, marked as estimated), the ex-dividend date and the dividend payment date.
 */
export function mapCalendarEvents(
  symbol: string,
  summary: QuoteSummaryResult,
  range: { from: string; to: string },
): CorporateEvent[] {
  const calendar = summary.calendarEvents;
  if (!calendar) return [];
  const events: CorporateEvent[] = [];
  const add = (kind: CorporateEvent['kind'], instant: Date | undefined, detail: string) => {
    if (!(instant instanceof Date) || Number.isNaN(instant.getTime())) return;
    const date = isoDay(instant);
    if (date >= range.from && date <= range.to) events.push({ symbol, kind, date, detail });
  };
  const earnings = calendar.earnings;
  const dates = [...earnings.earningsDate].sort((a, b) => a.getTime() - b.getTime());
  const estimated = earnings.isEarningsDateEstimate === true || dates.length > 1;
  add('earnings', dates[0], estimated ? 'Results (estimated date)' : 'Results');
  add('dividend', calendar.exDividendDate, 'Ex-dividend date');
  add('dividend', calendar.dividendDate, 'Dividend payment date');
  return events.sort((a, b) => a.date.localeCompare(b.date));
}

const NEW_YORK = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The New York day and minutes of an instant. */
function newYork(instant: Date): { day: string; minutes: number } {
  const parts = Object.fromEntries(NEW_YORK.formatToParts(instant).map((p) => [p.type, p.value]));
  return {
    day: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const validDate = (value: unknown): value is Date =>
  value instanceof Date && !Number.isNaN(value.getTime());
const figure = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/**
 * The market calendar's events of Yahoo's `calendarEvents` module: the next results (the New York
 * day; before the open or after the close when Yahoo gives a confirmed time, unknown for an
 * estimated date or window) with the consensus EPS and revenue, and the next dividend under its
 * ex-date with its payment date. Yahoo's module gives no dividend amount: it stays unknown.
 */
export function mapListingEvents(symbol: string, summary: QuoteSummaryResult): ListingEvent[] {
  const calendar = summary.calendarEvents;
  if (!calendar) return [];
  const blank = { symbol, ...UNKNOWN_EVENT_FIGURES };
  const events: ListingEvent[] = [];
  const earnings = calendar.earnings;
  const dates = [...earnings.earningsDate]
    .filter(validDate)
    .sort((a, b) => a.getTime() - b.getTime());
  const first = dates[0];
  if (first) {
    const estimated = earnings.isEarningsDateEstimate === true || dates.length > 1;
    const { day, minutes } = newYork(first);
    const timing = estimated
      ? 'unknown'
      : minutes < 9 * 60 + 30
        ? 'before-open'
        : minutes >= 16 * 60
          ? 'after-close'
          : 'unknown';
    events.push({
      ...blank,
      kind: 'earnings',
      date: day,
      timing,
      eps_estimate: figure(earnings.earningsAverage),
      revenue_estimate: figure(earnings.revenueAverage),
    });
  }
  if (validDate(calendar.exDividendDate)) {
    const ex = isoDay(calendar.exDividendDate);
    const pay = validDate(calendar.dividendDate) ? isoDay(calendar.dividendDate) : null;
    events.push({
      ...blank,
      kind: 'dividend',
      date: ex,
      timing: 'unknown',
      ex_date: ex,
      pay_date: pay !== null && pay >= ex ? pay : null,
    });
  }
  return events;
}

/**
 * Per-share figures of Yahoo's `summaryDetail`, `defaultKeyStatistics` and `price` modules, each
 * null where Yahoo does not give it. The dividend and earnings per share are read through ratios
 * to Yahoo's own price (dividend yield; trailing P/E), so they are in the listing's trading
 * currency: Yahoo's `trailingEps` and `dividendRate` are in the company's reporting currency,
 * which is another one for depositary receipts and for listings quoted in pence. A company that
 * pays nothing has a yield of 0 (a dividend of 0, known); a loss has no P/E, so the sign of
 * `trailingEps` is kept (the screener shows no P/E for it).
 */
export function mapFundamentals(symbol: string, summary: QuoteSummaryResult): Fundamentals {
  const detail = summary.summaryDetail;
  const stats = summary.defaultKeyStatistics;
  const price = figure(summary.price?.regularMarketPrice);
  const { divisor } = isoCurrency(summary.price?.currency ?? detail?.currency);
  const perShare = price !== null && price > 0 ? price / divisor : null;
  const yieldRatio = figure(detail?.dividendYield) ?? figure(detail?.trailingAnnualDividendYield);
  const pe = figure(detail?.trailingPE);
  const eps = figure(stats?.trailingEps);
  const shares = figure(stats?.sharesOutstanding);
  return {
    symbol,
    shares_outstanding: shares !== null && shares > 0 ? shares : null,
    dividend_per_share:
      perShare !== null && yieldRatio !== null && yieldRatio >= 0 ? yieldRatio * perShare : null,
    eps_ttm:
      perShare !== null && pe !== null && pe > 0
        ? perShare / pe
        : eps !== null && eps <= 0
          ? eps
          : null,
  };
}

/**
 * The past dividends (ex-date and amount) and splits of a chart's `events`, as market-calendar
 * events: Yahoo dates each event at the session's open, whose UTC day is the New York day.
 */
export function mapChartEvents(symbol: string, chart: ChartResultArray): ListingEvent[] {
  const blank = { symbol, ...UNKNOWN_EVENT_FIGURES, timing: 'unknown' as const };
  const events: ListingEvent[] = [];
  for (const dividend of chart.events?.dividends ?? []) {
    const amount = figure(dividend.amount);
    if (!validDate(dividend.date) || amount === null || amount <= 0) continue;
    const day = isoDay(dividend.date);
    events.push({ ...blank, kind: 'dividend', date: day, ex_date: day, amount });
  }
  for (const split of chart.events?.splits ?? []) {
    const numerator = figure(split.numerator);
    const denominator = figure(split.denominator);
    if (!validDate(split.date) || !numerator || !denominator) continue;
    events.push({
      ...blank,
      kind: 'split',
      date: isoDay(split.date),
      split_ratio: `${numerator}:${denominator}`,
    });
  }
  return events;
}
