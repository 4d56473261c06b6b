import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import type { QuoteSummaryResult } from 'yahoo-finance2/modules/quoteSummary-iface';
import {
  UNKNOWN_EVENT_FIGURES,
  type CorporateEvent,
  type Fundamentals,
  type ListingEvent,
} from '../market-data-provider.ts';
import { isoDay } from '@app/shared/dates';
import { isoCurrency } from './yahoo-mapping.ts';

/* Yahoo's calendar, corporate events and per-share figures in our types. */

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
