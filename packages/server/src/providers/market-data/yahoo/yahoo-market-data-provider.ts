import type { QuoteBase } from 'yahoo-finance2/modules/quote';
import type {
  CorporateEvent,
  Fundamentals,
  ListingEvent,
  MarketDataProvider,
  MarketNewsStory,
  Quote,
} from '../market-data-provider.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { createYahooClient, isNotFound } from './yahoo-client.ts';
import { createYahooEventReads } from './yahoo-event-reads.ts';
import { type WarnLog } from './yahoo-fetch.ts';
import {
  mapCalendarEvents,
  mapChartEvents,
  mapFundamentals,
  mapListingEvents,
} from './yahoo-event-mapping.ts';
import {
  mapChartBars,
  mapProfile,
  mapQuote,
  mapSearchMatches,
  mapSearchNews,
} from './yahoo-mapping.ts';
import { parseSymbol, toYahooSymbol, yahooListings } from './yahoo-symbols.ts';
import { addIsoDays } from '@app/shared/dates';

/** Options of the Yahoo provider; every field has a default fit for production. */
export interface YahooMarketDataProviderOptions {
  /** Send every Yahoo request (any yahoo.com host) here instead, keeping path and query. */
  baseUrl?: string | undefined;
  /** Requests started per second, crumb requests included (default 2). */
  requestsPerSecond?: number | undefined;
  /** Requests in flight at once (default 2). */
  concurrency?: number | undefined;
  /** Timeout of each HTTP request in ms (default 10 000). */
  timeoutMs?: number | undefined;
  /** Retries after a 429 before giving up (default 3). */
  maxRetries?: number | undefined;
  /** Where 429 back-offs and the library's own warnings go. */
  log?: WarnLog | undefined;
  /** The clock that decides whether today's session has closed (tests). */
  now?: (() => Date) | undefined;
}

/** Symbols per v7 quote request. */
const QUOTE_BATCH = 50;

/**
 * The real market-data provider: quotes, daily history, profiles and search from Yahoo Finance
 * through `yahoo-finance2`, with every HTTP request paced by our own rate limiter.
 */
export function createYahooMarketDataProvider(
  options: YahooMarketDataProviderOptions = {},
): MarketDataProvider {
  const log = options.log;
  const now = options.now ?? (() => new Date());
  const concurrency = options.concurrency ?? 2;
  const limiter = createRateLimiter({
    requestsPerSecond: options.requestsPerSecond ?? 2,
    concurrency,
  });
  const { yahoo, call } = createYahooClient({
    baseUrl: options.baseUrl,
    limiter,
    concurrency,
    timeoutMs: options.timeoutMs ?? 10_000,
    maxRetries: options.maxRetries ?? 3,
    log,
  });

  const { calendarSummaries, eventCharts } = createYahooEventReads({ yahoo, call, now, log });

  return {
    name: 'yahoo',
    canHandle: (symbol) => toYahooSymbol(symbol) !== null,

    async getQuotes(symbols) {
      // Yahoo symbol → our normalised symbol, in the caller's order, each once.
      const wanted = new Map<string, string>();
      for (const symbol of symbols) {
        const parsed = parseSymbol(symbol);
        const yahooSymbol = toYahooSymbol(symbol);
        if (parsed && yahooSymbol && !wanted.has(yahooSymbol)) {
          wanted.set(yahooSymbol, `${parsed.exchange}:${parsed.ticker}`);
        }
      }
      const batches: string[][] = [];
      const yahooSymbols = [...wanted.keys()];
      for (let i = 0; i < yahooSymbols.length; i += QUOTE_BATCH) {
        batches.push(yahooSymbols.slice(i, i + QUOTE_BATCH));
      }
      const results = await Promise.all(
        batches.map((batch) =>
          call(`quote of ${batch.join(',')}`, () => yahoo.quote(batch, { return: 'array' })),
        ),
      );
      // Yahoo's `Quote` union includes a type whose named fields degrade to `any`; read the base.
      const found = results.flat() as QuoteBase[];
      const byYahooSymbol = new Map(found.map((q) => [q.symbol.toUpperCase(), q]));
      const at = now();
      const quotes: Quote[] = [];
      for (const [yahooSymbol, symbol] of wanted) {
        const quote = byYahooSymbol.get(yahooSymbol);
        const mapped = quote ? mapQuote(symbol, quote, at) : null;
        if (mapped) quotes.push(mapped);
      }
      return quotes;
    },

    async getDailyHistory(symbol, from, to) {
      const yahooSymbol = toYahooSymbol(symbol);
      if (!yahooSymbol || to < from) return [];
      try {
        // A day of margin each side: the chart's period bounds are UTC instants, our days are local.
        const result = await call(`daily history of ${yahooSymbol}`, () =>
          yahoo.chart(yahooSymbol, {
            period1: addIsoDays(from, -1),
            period2: addIsoDays(to, 2),
            interval: '1d',
            includePrePost: false,
            return: 'array',
          }),
        );
        return mapChartBars(result, { from, to }, now());
      } catch (error) {
        if (isNotFound(error instanceof Error ? error.cause : error)) return [];
        throw error;
      }
    },

    async getProfile(symbol) {
      const parsed = parseSymbol(symbol);
      const yahooSymbol = toYahooSymbol(symbol);
      if (!parsed || !yahooSymbol) return null;
      try {
        const summary = await call(`profile of ${yahooSymbol}`, () =>
          yahoo.quoteSummary(yahooSymbol, { modules: ['price', 'summaryProfile', 'quoteType'] }),
        );
        return mapProfile(`${parsed.exchange}:${parsed.ticker}`, summary);
      } catch (error) {
        if (isNotFound(error instanceof Error ? error.cause : error)) return null;
        throw error;
      }
    },

    async search(query, limit) {
      const q = query.trim();
      if (q.length === 0 || limit <= 0) return [];
      const result = await call(`search for '${q}'`, () =>
        // Ask for more than `limit`: indices, currencies and foreign listings get filtered out.
        yahoo.search(q, { quotesCount: Math.min(Math.max(limit * 2, 10), 25), newsCount: 0 }),
      );
      return mapSearchMatches(result, limit);
    },

    async calendar(symbols, from, to) {
      const events: CorporateEvent[] = [];
      for (const [ours, summary] of await calendarSummaries(symbols)) {
        events.push(...mapCalendarEvents(ours, summary, { from, to }));
      }
      return events.sort(
        (a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol),
      );
    },

    async listingEvents(symbols) {
      // One event per symbol, kind and day: the chart's amount fills in the calendar's dividend.
      const byKey = new Map<string, ListingEvent>();
      const add = (event: ListingEvent) => {
        const key = `${event.symbol} ${event.kind} ${event.date}`;
        const known = byKey.get(key);
        if (!known) {
          byKey.set(key, event);
          return;
        }
        const filled: ListingEvent = { ...known };
        for (const field of Object.keys(event) as (keyof ListingEvent)[]) {
          if (filled[field] === null) Object.assign(filled, { [field]: event[field] });
        }
        byKey.set(key, filled);
      };
      for (const [ours, summary] of await calendarSummaries(symbols)) {
        mapListingEvents(ours, summary).forEach(add);
      }
      for (const [ours, chart] of await eventCharts(symbols))
        mapChartEvents(ours, chart).forEach(add);
      return [...byKey.values()].sort(
        (a, b) => a.date.localeCompare(b.date) || a.symbol.localeCompare(b.symbol),
      );
    },

    /**
     * Shares and per-share figures for the screener's refresh (which asks every six hours, not
     * per request): one quoteSummary per symbol; a symbol Yahoo does not know is left out (its
     * figures stay unknown); one failure loses one symbol, all of them fail the call.
     */
    async fundamentals(symbols) {
      const out: Fundamentals[] = [];
      let failure: Error | undefined;
      let answered = 0;
      for (const { symbol, yahooSymbol } of yahooListings(symbols)) {
        try {
          const summary = await call(`fundamentals of ${yahooSymbol}`, () =>
            yahoo.quoteSummary(yahooSymbol, {
              modules: ['summaryDetail', 'defaultKeyStatistics', 'price'],
            }),
          );
          out.push(mapFundamentals(symbol, summary));
          answered += 1;
        } catch (error) {
          if (isNotFound(error instanceof Error ? error.cause : error)) {
            answered += 1;
            continue;
          }
          failure = error instanceof Error ? error : new Error(String(error));
          log?.warn({ err: error, symbol }, 'Yahoo fundamentals request failed');
        }
      }
      if (answered === 0 && failure) throw failure;
      return out;
    },

    async news(symbols, perSymbol) {
      const stories = new Map<string, MarketNewsStory>();
      let failure: Error | undefined;
      let answered = 0;
      // One search per symbol, in turn: the limiter paces them, and one failure loses one symbol.
      for (const symbol of symbols) {
        const yahooSymbol = toYahooSymbol(symbol);
        if (!yahooSymbol || perSymbol <= 0) continue;
        try {
          const result = await call(`news of ${yahooSymbol}`, () =>
            yahoo.search(yahooSymbol, { quotesCount: 0, newsCount: perSymbol }),
          );
          answered += 1;
          for (const story of mapSearchNews(result, now())) {
            if (!stories.has(story.id)) stories.set(story.id, story);
          }
        } catch (error) {
          failure = error instanceof Error ? error : new Error(String(error));
          log?.warn({ err: error, symbol }, 'Yahoo news request failed');
        }
      }
      if (answered === 0 && failure) throw failure;
      return [...stories.values()];
    },
  };
}
