import { DEFAULT_WATCHLIST } from '@app/shared/api/market';
import { conflict, notFound } from '../../http/errors.ts';
import type { WatchlistCache } from './watchlist-cache.ts';
import type { WatchlistRepository, WatchlistRow } from './watchlist.repository.ts';

export type { WatchlistRow } from './watchlist.repository.ts';
import { appendSymbol, removeSymbol, WATCHLISTS_PER_USER_MAX } from './watchlist-rules.ts';

/** Watchlist rules of spec §4 over the repository. */
export function createWatchlistService(deps: {
  watchlists: WatchlistRepository;
  /** Whether a listing exists. */
  symbolExists: (symbol: string) => Promise<boolean>;
  /** Lists kept in this process (WATCHLIST_CACHE); absent: every read goes to the database. */
  cache?: WatchlistCache;
}) {
  const { watchlists, cache } = deps;
  const missing = (name: string) => notFound(`Watchlist '${name}' not found.`);

  /** The list's symbols (null: the user has no list of that name), from the cache if any. */
  async function stored(userId: string, name: string): Promise<readonly string[] | null> {
    const load = async () => (await watchlists.find(userId, name))?.exchange_tickers ?? null;
    return cache ? cache.list(userId, name, load) : load();
  }

  /** The list; `default` is created on first use, other names must exist. */
  async function get(userId: string, name: string): Promise<WatchlistRow> {
    const symbols = await stored(userId, name);
    if (symbols) return { name, exchange_tickers: [...symbols] };
    if (name !== DEFAULT_WATCHLIST) throw missing(name);
    await watchlists.ensure(userId, name);
    return { name, exchange_tickers: [] };
  }

  return {
    get,

    /**
     * The symbols of a list, read only (a list never used is empty, and is not created); from the
     * cache when there is one (`/news/my_portfolio` and the calendar ask on every call).
     */
    async symbolsOf(userId: string, name: string = DEFAULT_WATCHLIST): Promise<string[]> {
      return [...((await stored(userId, name)) ?? [])];
    },

    /** The cache's state (undefined when WATCHLIST_CACHE is off); for tests. */
    cacheStats: () => cache?.stats(),

    /** The symbols of all the user's lists, the default list's first, each once (alerts). */
    allSymbolsOf: (userId: string): Promise<string[]> => watchlists.allSymbols(userId),

    /** Adds a known symbol (ignored when present); creates the list on first use. */
    async append(userId: string, name: string, symbol: string): Promise<WatchlistRow> {
      if (!(await deps.symbolExists(symbol))) throw notFound(`Unknown symbol '${symbol}'.`);
      await cache?.ready();
      if (!(await watchlists.find(userId, name))) {
        if ((await watchlists.count(userId)) >= WATCHLISTS_PER_USER_MAX) {
          throw conflict(`You can keep at most ${WATCHLISTS_PER_USER_MAX} watchlists.`);
        }
        await watchlists.ensure(userId, name);
      }
      const row = await watchlists.update(userId, name, (symbols) => appendSymbol(symbols, symbol));
      await cache?.changed(userId);
      if (!row) throw missing(name);
      return row;
    },

    /** Removes a symbol (a symbol not in the list leaves it unchanged). */
    async remove(userId: string, name: string, symbol: string): Promise<WatchlistRow> {
      if (name === DEFAULT_WATCHLIST) await get(userId, name);
      await cache?.ready();
      const row = await watchlists.update(userId, name, (symbols) => removeSymbol(symbols, symbol));
      await cache?.changed(userId);
      if (!row) throw missing(name);
      return row;
    },

    /** Empties the list. */
    async clear(userId: string, name: string): Promise<WatchlistRow> {
      if (name === DEFAULT_WATCHLIST) await get(userId, name);
      await cache?.ready();
      const row = await watchlists.update(userId, name, () => []);
      await cache?.changed(userId);
      if (!row) throw missing(name);
      return row;
    },
  };
}

export type WatchlistService = ReturnType<typeof createWatchlistService>;
