import type { Financials, PriceSource, Ticker } from '@app/shared/api/market';
import type { FastifyBaseLogger } from 'fastify';
import type {
  MarketDataProvider,
  Quote,
} from '../../providers/market-data/market-data-provider.ts';
import type { PriceHistoryService } from '../prices/price-history.service.ts';
import type { FinancialsRow, QuoteRepository } from './quote.repository.ts';
import type { TickerQueryAst } from './ticker-query.ts';
import type { Clock } from '../../clock.ts';
import { addDays, isoDay } from '@app/shared/dates';
import { createAnswerCache } from '../../cache/answer-cache.ts';

/** A snapshot younger than this is served as it is; older ones are refreshed first. */
export const QUOTE_MAX_AGE_SECONDS = 60;
/** Up to this many stale symbols are refreshed inside the request; more go to the job queue. */
export const INLINE_REFRESH_LIMIT = 25;
/**
 * How long a quote answer is reused in a process (the financials and top-growth routes'
 * serialised answers, the watchlist's financials). Quotes change on refresh (every minute for
 * watched symbols, every 15 for the universe); a financials answer is never kept past the
 * freshness limit of the snapshots it shows, and a refresh made by this process is never hidden
 * (the key holds the service's version).
 */
export const QUOTE_ANSWER_TTL_MS = 5_000;
/** Symbols per provider quote call. */
const QUOTE_CHUNK = 100;

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);
const round = (value: number, digits: number) => Number(value.toFixed(digits));
const roundOrNull = (value: number | null) => (value === null ? null : round(value, 4));

/** The API shape of a snapshot (spec §3 financials); `add` chooses the `days_N` objects. */
export function toFinancials(row: FinancialsRow, add: ReadonlySet<31 | 365>): Financials {
  const period = (close: number | null, pct: number | null) =>
    close === null || pct === null ? null : { close, change_pct: round(pct, 4) };
  const pct = (value: number | null) => (value === null ? null : round(value, 4));
  return {
    exchange_ticker: row.exchange_ticker,
    image: null,
    company_name: row.company_name,
    quote_type: row.quote_type,
    price: row.price,
    previous_close: row.previous_close,
    current_open: row.open,
    currency: row.currency,
    change: round(row.change, 4),
    change_pct: round(row.change_pct, 4),
    day_low: row.day_low,
    day_high: row.day_high,
    change_pct_1: pct(row.change_pct_1),
    change_pct_8: pct(row.change_pct_8),
    change_pct_31: pct(row.change_pct_31),
    change_pct_365: pct(row.change_pct_365),
    ...(add.has(31) && { days_31: period(row.close_31, row.change_pct_31) }),
    ...(add.has(365) && { days_365: period(row.close_365, row.change_pct_365) }),
    as_of: epochSeconds(row.as_of),
    updated_at: epochSeconds(row.updated_at),
    source: row.source as PriceSource,
  };
}

/** A financials answer kept per process: the known symbols and the `financials` object as JSON. */
export type FinancialsJson = { known: readonly string[]; json: string };

export type QuoteServiceDeps = {
  quotes: QuoteRepository;
  history: PriceHistoryService;
  provider: MarketDataProvider;
  log: FastifyBaseLogger;
  /** Hands a refresh that is too large for a request to the job queue. */
  refreshLater: (symbols: string[]) => Promise<void>;
  clock: Clock;
  /** Told of each batch of quotes stored (the live updates of open pages). */
  onStored?: (quotes: readonly Quote[], at: Date) => Promise<void>;
};

/**
 * Quote snapshots: refreshed from the provider (history first, so the change fields can be
 * derived), served from PostgreSQL. A provider failure never fails a read: the last snapshot is
 * served with its age (`updated_at`) and the failure is logged.
 */
export function createQuoteService(deps: QuoteServiceDeps) {
  const { quotes, history, provider, log } = deps;
  const now = () => deps.clock.now();
  /** Counts this process's refreshes: cached answers built before one are not served after it. */
  let version = 0;

  /** Loads the daily history of the known listings whose history is missing or ends before yesterday. */
  async function ensureHistoryOf(known: readonly string[]) {
    for (const symbol of await quotes.historyBehind(known, isoDay(addDays(now(), -1)))) {
      await history.ensureLoaded(symbol);
    }
  }

  /** Loads history that is missing or behind, then stores fresh quotes of `symbols`. */
  async function refresh(symbols: readonly string[], options: { backfill?: boolean } = {}) {
    const known = await quotes.existing(symbols);
    if (options.backfill ?? true) await ensureHistoryOf(known);
    let stored = 0;
    try {
      for (let start = 0; start < known.length; start += QUOTE_CHUNK) {
        const fresh = await provider.getQuotes(known.slice(start, start + QUOTE_CHUNK));
        const at = now();
        await quotes.upsert(fresh, provider.name, at);
        await deps.onStored?.(fresh, at);
        stored += fresh.length;
      }
    } finally {
      version += 1;
    }
    return stored;
  }

  /** Serialised financials by symbols, `add` and version (see {@link QUOTE_ANSWER_TTL_MS}). */
  const financialsAnswers = createAnswerCache<FinancialsJson>({
    ttlMs: QUOTE_ANSWER_TTL_MS,
    maxEntries: 5_000,
    // Lifetimes on business time, like the freshness limit they are bounded by.
    now: () => now().getTime(),
  });

  /** Inline refreshes in flight, by symbol: concurrent readers of a stale quote share one. */
  const refreshing = new Map<string, Promise<void>>();

  /**
   * Refreshes stale symbols for a read, joining a refresh of the same symbol already under way
   * (32 visitors opening a page whose quote went stale cause one provider call, not 32). A failed
   * refresh is logged; the read serves the last snapshot.
   */
  async function refreshShared(stale: readonly string[]) {
    const waits: Promise<void>[] = [];
    const mine: string[] = [];
    for (const symbol of stale) {
      const pending = refreshing.get(symbol);
      if (pending) waits.push(pending);
      else mine.push(symbol);
    }
    if (mine.length > 0) {
      const promise = refresh(mine).then(
        () => undefined,
        (error: unknown) => {
          log.warn({ err: error, symbols: mine, provider: provider.name }, 'quote refresh failed');
        },
      );
      for (const symbol of mine) refreshing.set(symbol, promise);
      void promise.finally(() => {
        for (const symbol of mine)
          if (refreshing.get(symbol) === promise) refreshing.delete(symbol);
      });
      waits.push(promise);
    }
    await Promise.all(waits);
  }

  /**
   * Financials of the known symbols among `symbols`, keyed by symbol. Stale snapshots are
   * refreshed first when there are few of them (otherwise queued); a symbol the provider has
   * no data for has no key.
   */
  async function financials(symbols: readonly string[], add: ReadonlySet<31 | 365> = new Set()) {
    // One read answers the usual call (every snapshot fresh, history loaded).
    const state = await quotes.financialsState(
      symbols,
      new Date(now().getTime() - QUOTE_MAX_AGE_SECONDS * 1000),
    );
    const found = new Set(state.map((row) => row.exchange_ticker));
    const known = symbols.filter((symbol) => found.has(symbol));
    // A snapshot without history has no change fields yet: load it now, like a stale one.
    const stale = state
      .filter((row) => !row.fresh || !row.has_history)
      .map((row) => row.exchange_ticker);
    let rows: FinancialsRow[];
    if (stale.length === 0) {
      rows = state.filter((row) => row.has_snapshot) as FinancialsRow[];
    } else {
      if (stale.length > INLINE_REFRESH_LIMIT) {
        await deps.refreshLater(stale);
      } else {
        await refreshShared(stale);
      }
      rows = await quotes.financials(known);
    }
    const result: Record<string, Financials> = {};
    for (const row of rows) result[row.exchange_ticker] = toFinancials(row, add);
    // The oldest snapshot served: a cached answer must not outlive its freshness limit.
    const oldest = Math.min(...rows.map((row) => row.updated_at.getTime()));
    return {
      known,
      financials: result,
      freshUntil: rows.length === 0 ? 0 : oldest + QUOTE_MAX_AGE_SECONDS * 1000,
    };
  }

  return {
    refresh,

    /** Loads the daily history of listings among `symbols` whose history is missing or behind. */
    ensureHistory: async (symbols: readonly string[]) =>
      ensureHistoryOf(await quotes.existing(symbols)),

    /** Listings with their latest quote by the query language (`/ticker/query`). */
    query: async (ast: TickerQueryAst): Promise<Ticker[]> =>
      (await quotes.query(ast)).map((row) => ({
        exchange_ticker: row.exchange_ticker,
        company_name: row.company_name,
        currency: row.currency,
        price: row.price,
        change: round(row.change, 4),
        change_pct: round(row.change_pct, 4),
        image: null,
        change_pct_1: roundOrNull(row.change_pct_1),
        change_pct_8: roundOrNull(row.change_pct_8),
        change_pct_31: roundOrNull(row.change_pct_31),
        change_pct_365: roundOrNull(row.change_pct_365),
        source: row.source as PriceSource,
      })),

    /** The listings among `symbols` that exist, in the given order. */
    existing: (symbols: readonly string[]) => quotes.existing(symbols),

    /** Every listing, for the universe refresh. */
    allSymbols: () => quotes.allSymbols(),

    /** Symbols in anybody's watchlist (the minute's refresh). */
    watchedSymbols: () => quotes.watchedSymbols(),

    /** Listings among `symbols` whose daily history has never been loaded. */
    withoutHistory: (symbols: readonly string[]) => quotes.withoutHistory(symbols),

    /** Bumped by every refresh made by this process (a key part of cached answers). */
    get version() {
      return version;
    },

    financials,

    /** A listing's latest price, refreshed first when stale; null when it has none. */
    latestPrice: async (symbol: string): Promise<number | null> =>
      (await financials([symbol])).financials[symbol]?.price ?? null,

    /**
     * {@link financials} as JSON, kept for {@link QUOTE_ANSWER_TTL_MS} (bounded by the snapshots'
     * freshness): the watchlist with financials asks this on every refresh of every open page,
     * and the list's symbols repeat, so one query serves them all. Concurrent misses share one
     * read.
     */
    financialsJson(
      symbols: readonly string[],
      add: ReadonlySet<31 | 365> = new Set(),
    ): Promise<FinancialsJson> {
      const key = `${symbols.join(',')}|${[...add].sort().join(',')}|${version}`;
      return financialsAnswers.get(key, async () => {
        const answer = await financials(symbols, add);
        return {
          body: { known: answer.known, json: JSON.stringify(answer.financials) },
          ttlMs: Math.min(QUOTE_ANSWER_TTL_MS, answer.freshUntil - now().getTime()),
        };
      });
    },

    /** The 52-week close range of each listing that has history, keyed by symbol (one query). */
    async yearRanges(symbols: readonly string[]) {
      const rows = await quotes.closeRanges(symbols, isoDay(now()));
      return new Map(rows.map((row) => [row.exchange_ticker, { low: row.low, high: row.high }]));
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
