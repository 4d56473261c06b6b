import type { ChartResultArray } from 'yahoo-finance2/modules/chart';
import type { QuoteSummaryResult } from 'yahoo-finance2/modules/quoteSummary-iface';
import { isNotFound, type YahooClient } from './yahoo-client.ts';
import type { WarnLog } from './yahoo-fetch.ts';
import { yahooListings } from './yahoo-symbols.ts';
import { addIsoDays, isoDay } from '@app/shared/dates';

/** How long a symbol's calendarEvents answer is reused (dates move rarely; pages ask often). */
const CALENDAR_TTL_MS = 6 * 60 * 60 * 1000;

/**
 * The per-symbol reads behind the calendar and the listing events: calendarEvents summaries
 * (kept CALENDAR_TTL_MS) and a year of monthly bars with their dividends and splits.
 */
export function createYahooEventReads({
  yahoo,
  call,
  now,
  log,
}: YahooClient & { now: () => Date; log?: WarnLog | undefined }) {
  /** Yahoo symbol → its calendarEvents answer (null: Yahoo does not know it) and when it came. */
  const calendars = new Map<string, { at: number; summary: QuoteSummaryResult | null }>();

  /**
   * Our symbol → its calendarEvents answer, for the symbols Yahoo knows: one quoteSummary per
   * symbol, kept for CALENDAR_TTL_MS; one failure loses one symbol, all of them fail the call.
   */
  async function calendarSummaries(
    symbols: readonly string[],
  ): Promise<[string, QuoteSummaryResult][]> {
    const out: [string, QuoteSummaryResult][] = [];
    let failure: Error | undefined;
    let answered = 0;
    for (const { symbol, yahooSymbol } of yahooListings(symbols)) {
      const at = now().getTime();
      let cached = calendars.get(yahooSymbol);
      if (!cached || at - cached.at > CALENDAR_TTL_MS) {
        try {
          const summary = await call(`calendar of ${yahooSymbol}`, () =>
            yahoo.quoteSummary(yahooSymbol, { modules: ['calendarEvents'] }),
          );
          cached = { at, summary };
        } catch (error) {
          if (!isNotFound(error instanceof Error ? error.cause : error)) {
            failure = error instanceof Error ? error : new Error(String(error));
            log?.warn({ err: error, symbol }, 'Yahoo calendar request failed');
            continue;
          }
          cached = { at, summary: null };
        }
        calendars.set(yahooSymbol, cached);
      }
      answered += 1;
      if (cached.summary) out.push([symbol, cached.summary]);
    }
    if (answered === 0 && failure) throw failure;
    return out;
  }

  /**
   * Our symbol → its chart of the past year in monthly bars, for the dividends (with amounts) and
   * splits in its events; a symbol Yahoo does not know, or whose request fails, is left out (the
   * calendar keeps what it stored).
   */
  async function eventCharts(symbols: readonly string[]): Promise<[string, ChartResultArray][]> {
    const out: [string, ChartResultArray][] = [];
    const today = isoDay(now());
    for (const { symbol, yahooSymbol } of yahooListings(symbols)) {
      try {
        const chart = await call(`events of ${yahooSymbol}`, () =>
          yahoo.chart(yahooSymbol, {
            period1: addIsoDays(today, -366),
            period2: addIsoDays(today, 1),
            interval: '1mo',
            events: 'div|split',
            return: 'array',
          }),
        );
        out.push([symbol, chart]);
      } catch (error) {
        if (!isNotFound(error instanceof Error ? error.cause : error)) {
          log?.warn({ err: error, symbol }, 'Yahoo events request failed');
        }
      }
    }
    return out;
  }

  return { calendarSummaries, eventCharts };
}
