import { DEFAULT_WATCHLIST } from '@app/shared/api/market';
import { CompiledQuery } from 'kysely';
import { poolOf, type Database } from '../../db/database.ts';
import { countRows } from '../../db/row-values.ts';

export type WatchlistRow = { name: string; exchange_tickers: string[] };

const FIND =
  'select name, exchange_tickers from watchlists where user_id = $1 and name = $2 limit 1';

/** SQL for watchlists; no decisions. */
export function createWatchlistRepository(db: Database) {
  const pool = poolOf(db);
  return {
    /**
     * The list, by its unique (user, name) index. A named prepared statement: every open page asks
     * for its watchlist every 10 s, and parsing and planning cost PostgreSQL more than the read.
     */
    find: async (userId: string, name: string): Promise<WatchlistRow | undefined> => {
      const values = [userId, name];
      const { rows } = pool
        ? await pool.query<WatchlistRow>({ name: 'watchlists_find', text: FIND, values })
        : await db.executeQuery<WatchlistRow>(CompiledQuery.raw(FIND, values));
      return rows[0];
    },

    /** The symbols of every list of the user (the default list first), each once. */
    allSymbols: async (userId: string): Promise<string[]> => {
      const rows = await db
        .selectFrom('watchlists')
        .select(['name', 'exchange_tickers'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .orderBy('name')
        .execute();
      const first = rows.filter((row) => row.name === DEFAULT_WATCHLIST);
      const rest = rows.filter((row) => row.name !== DEFAULT_WATCHLIST);
      return [...new Set([...first, ...rest].flatMap((row) => row.exchange_tickers))];
    },

    count: (userId: string) => countRows(db.selectFrom('watchlists').where('user_id', '=', userId)),

    /** Creates the list when missing (concurrent first uses create one row). */
    ensure: async (userId: string, name: string): Promise<void> => {
      await db
        .insertInto('watchlists')
        .values({ user_id: userId, name })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .execute();
    },

    /**
     * Reads the list under a row lock, applies `change` and stores the result, in one
     * transaction, so concurrent appends from two tabs never lose a symbol.
     */
    update: (
      userId: string,
      name: string,
      change: (symbols: string[]) => string[],
    ): Promise<WatchlistRow | undefined> =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('watchlists')
          .select(['id', 'exchange_tickers'])
          .where('user_id', '=', userId)
          .where('name', '=', name)
          .forUpdate()
          .executeTakeFirst();
        if (!row) return undefined;
        const next = change(row.exchange_tickers);
        return trx
          .updateTable('watchlists')
          .set({ exchange_tickers: next, updated_at: new Date() })
          .where('id', '=', row.id)
          .returning(['name', 'exchange_tickers'])
          .executeTakeFirstOrThrow();
      }),
  };
}

export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;
