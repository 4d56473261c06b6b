/**
 * When a demo company reports and declares dividends: the one schedule both the demo newsroom
 * (which writes the results and dividend stories) and the demo market data's calendar read, so
 * the calendar can never announce a date the newsroom does not write on, or miss one it does.
 *
 * Results come on the company's earnings-like jump days of the price process (every 63 trading
 * days from the series epoch, at its `earningsPhase`): before the open of the jump day, or after
 * the close of the session before it. Payers declare a quarterly dividend on a day of the same
 * 63-day cycle, 5–29 sessions after the jump. Share classes of one company (`Alphabet Inc.
 * (Class A)` and `(Class C)`) share the schedule of its first listing in the data set. Pure.
 */
import type { DemoCompany } from '../../../demo/companies.ts';
import { EARNINGS_EVERY, SERIES_EPOCH, synthesisParameters } from './price-synthesis.ts';
import { createRandom, fnv1a32, mix32 } from './seeded-random.ts';
import { dayNumber, isoDate, isTradingDayNumber, tradingDaysBetween } from './trading-calendar.ts';

/** Share of a sector's companies that pay a regular quarterly dividend (others pay none). */
const DIVIDEND_PAYERS: Readonly<Record<string, number>> = {
  'Information Technology': 0.3,
  'Communication Services': 0.3,
  'Consumer Discretionary': 0.3,
  'Consumer Staples': 0.85,
  'Health Care': 0.4,
  Financials: 0.75,
  Industrials: 0.5,
  Energy: 0.8,
  Materials: 0.6,
  Utilities: 0.9,
  'Real Estate': 0.95,
};
const OTHER_PAYERS = 0.4;

/** A company's reporting and dividend calendar, as trading-day phases of the 63-day cycle. */
export type CorporateSchedule = {
  /** Trading-day offset (mod 63 from the series epoch) of its jump (results) days. */
  earningsPhase: number;
  /** Reports before the open on the jump day, or after the close the session before. */
  reportsBeforeOpen: boolean;
  /** Offset (mod 63) of its dividend declaration days; null for a company that pays none. */
  dividendPhase: number | null;
};

/** `Alphabet Inc. (Class A)` → `Alphabet Inc.`: the company behind a share class. */
export const companyBaseName = (name: string) => name.replace(/\s*\([^)]*\)/g, '').trim();

/** The schedule of one listing, derived from its symbol and sector alone. */
export function corporateSchedule(
  company: Pick<DemoCompany, 'symbol' | 'sector'>,
): CorporateSchedule {
  const { earningsPhase } = synthesisParameters(company.symbol, company.sector);
  const random = createRandom(mix32(fnv1a32(`schedule:${company.symbol}`), 13));
  const reportsBeforeOpen = random.next() < 0.6;
  const pays = random.next() < (DIVIDEND_PAYERS[company.sector] ?? OTHER_PAYERS);
  const dividendPhase = (earningsPhase + 5 + Math.floor(random.next() * 25)) % EARNINGS_EVERY;
  return { earningsPhase, reportsBeforeOpen, dividendPhase: pays ? dividendPhase : null };
}

/**
 * Every listing's schedule, keyed by symbol: a later share class of a company gets the schedule
 * of its first listing (one company, one report).
 */
export function corporateSchedules(
  companies: readonly Pick<DemoCompany, 'symbol' | 'sector' | 'name'>[],
): Map<string, CorporateSchedule> {
  const byCompany = new Map<string, CorporateSchedule>();
  const bySymbol = new Map<string, CorporateSchedule>();
  for (const company of companies) {
    const base = companyBaseName(company.name);
    const schedule = byCompany.get(base) ?? corporateSchedule(company);
    byCompany.set(base, schedule);
    bySymbol.set(company.symbol, schedule);
  }
  return bySymbol;
}

/** Whether trading day `index` (counted from the series epoch) is a jump (results) day. */
export const isJumpDay = (schedule: CorporateSchedule, index: number) =>
  index % EARNINGS_EVERY === schedule.earningsPhase;

/** Whether trading day `index` is a dividend declaration day. */
export const isDividendDeclarationDay = (schedule: CorporateSchedule, index: number) =>
  schedule.dividendPhase !== null && index % EARNINGS_EVERY === schedule.dividendPhase;

/** One dated corporate event of the schedule. */
export type ScheduledEvent = {
  kind: 'earnings' | 'dividend';
  /** The day the news comes out (`YYYY-MM-DD`, New York). */
  date: string;
  /** Results: before the open or after the close; a dividend is declared during the session. */
  timing: 'before-open' | 'after-close' | 'session';
};

/** Days with a margin around a range: a results day after the close needs the next session. */
const MARGIN_DAYS = 7;

/**
 * The results and dividend days of a schedule with `from <= date <= to` (`YYYY-MM-DD`), oldest
 * first; nothing before the series epoch. Results of a jump day reported after the close are
 * dated the session before it, as the newsroom writes them.
 */
export function scheduledEvents(
  schedule: CorporateSchedule,
  from: string,
  to: string,
): ScheduledEvent[] {
  const start = from < SERIES_EPOCH ? SERIES_EPOCH : from;
  if (to < start) return [];
  const days = tradingDaysBetween(start, isoDate(dayNumber(to) + MARGIN_DAYS));
  const first = days[0];
  if (first === undefined) return [];
  const firstIndex = tradingIndexOf(first);
  const events: ScheduledEvent[] = [];
  for (let position = 0; position < days.length; position++) {
    const index = firstIndex + position;
    const day = days[position] ?? '';
    if (isDividendDeclarationDay(schedule, index) && day <= to) {
      events.push({ kind: 'dividend', date: day, timing: 'session' });
    }
    if (!isJumpDay(schedule, index)) continue;
    const reported = schedule.reportsBeforeOpen ? day : previousTradingDay(day);
    if (reported >= start && reported <= to) {
      events.push({
        kind: 'earnings',
        date: reported,
        timing: schedule.reportsBeforeOpen ? 'before-open' : 'after-close',
      });
    }
  }
  return events.sort((a, b) => a.date.localeCompare(b.date) || a.kind.localeCompare(b.kind));
}

const indexCache = new Map<string, number>();

/** Index of a trading day counted from the series epoch (the demo prices' own count). */
export function tradingIndexOf(day: string): number {
  let index = indexCache.get(day);
  if (index === undefined) {
    index = tradingDaysBetween(SERIES_EPOCH, day).length - 1;
    indexCache.set(day, index);
  }
  return index;
}

function previousTradingDay(day: string): string {
  let d = dayNumber(day) - 1;
  while (!isTradingDayNumber(d)) d--;
  return isoDate(d);
}
