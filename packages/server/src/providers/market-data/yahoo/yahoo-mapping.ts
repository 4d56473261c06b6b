import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import type { QuoteBase } from 'yahoo-finance2/modules/quote';
import type { QuoteSummaryResult } from 'yahoo-finance2/modules/quoteSummary-iface';
import type { SearchResult } from 'yahoo-finance2/modules/search';
import {
  type CompanyProfile,
  type DailyBar,
  type MarketNewsStory,
  type Quote,
  type SymbolMatch,
} from '../market-data-provider.ts';
import { fromYahooSymbol } from './yahoo-symbols.ts';
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
