import type { TransactionType } from '@app/shared/api/portfolio';
import { sql, type Transaction as KyselyTransaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** A stored transaction as the service reads it (numeric columns come back as numbers). */
export type TransactionRow = {
  id: string;
  portfolio_id: string;
  portfolio: string;
  type: TransactionType;
  symbol: string;
  trade_date: string;
  quantity: number;
  price: number;
  fees: number;
  currency: string;
  note: string;
  seq: number;
  created_at: Date;
};

export type NewTransactionRow = {
  type: TransactionType;
  symbol: string;
  trade_date: string;
  quantity: number;
  price: number;
  fees: number;
  currency: string;
  note: string;
};

/** A listing with its company, as holdings and validation need it. */
export type ListingRow = {
  exchange_ticker: string;
  ticker: string;
  currency: string;
  company_name: string;
  gics_sector: string;
  gics_sub_industry: string;
  price: number | null;
  previous_close: number | null;
  as_of: Date | null;
  source: string | null;
};

const transactionColumns = (trx: KyselyTransaction<DB> | Database) =>
  trx
    .selectFrom('portfolio_transactions as t')
    .innerJoin('portfolios as p', 'p.id', 't.portfolio_id')
    .select([
      't.id',
      't.portfolio_id',
      'p.name as portfolio',
      't.type',
      't.symbol',
      't.trade_date',
      't.quantity',
      't.price',
      't.fees',
      't.currency',
      't.note',
      't.seq',
      't.created_at',
    ]);

/** Writes of one portfolio's ledger inside a locked transaction (see `locked`). */
function ledgerScope(trx: KyselyTransaction<DB>) {
  return {
    ledger: async (portfolioId: string): Promise<TransactionRow[]> =>
      await transactionColumns(trx)
        .where('t.portfolio_id', '=', portfolioId)
        .orderBy('t.trade_date')
        .orderBy('t.seq')
        .execute(),

    insert: async (
      portfolioId: string,
      rows: readonly NewTransactionRow[],
      createdAt: Date,
    ): Promise<string[]> => {
      const ids: string[] = [];
      for (let start = 0; start < rows.length; start += 1_000) {
        const inserted = await trx
          .insertInto('portfolio_transactions')
          .values(
            rows
              .slice(start, start + 1_000)
              .map((row) => ({ ...row, portfolio_id: portfolioId, created_at: createdAt })),
          )
          .returning('id')
          .execute();
        ids.push(...inserted.map((row) => row.id));
      }
      return ids;
    },

    update: async (id: string, portfolioId: string, row: NewTransactionRow) => {
      await trx
        .updateTable('portfolio_transactions')
        .set({ ...row, portfolio_id: portfolioId })
        .where('id', '=', id)
        .execute();
    },

    remove: async (id: string) => {
      await trx.deleteFrom('portfolio_transactions').where('id', '=', id).execute();
    },
  };
}

export type LedgerScope = ReturnType<typeof ledgerScope>;

/** SQL for portfolios, their transactions and the closes their performance reads; no decisions. */
export function createPortfolioRepository(db: Database) {
  return {
    names: async (userId: string) =>
      (
        await db
          .selectFrom('portfolios')
          .select('name')
          .where('user_id', '=', userId)
          .orderBy('created_at')
          .orderBy('name')
          .execute()
      ).map((row) => row.name),

    find: (userId: string, name: string) =>
      db
        .selectFrom('portfolios')
        .select(['id', 'name', 'ledger_version'])
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirst(),

    count: async (userId: string) =>
      Number(
        (
          await db
            .selectFrom('portfolios')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    /** Creates the portfolio when missing (concurrent first uses create one row); its id. */
    ensure: async (userId: string, name: string): Promise<string> => {
      await db
        .insertInto('portfolios')
        .values({ user_id: userId, name })
        .onConflict((oc) => oc.columns(['user_id', 'name']).doNothing())
        .execute();
      const row = await db
        .selectFrom('portfolios')
        .select('id')
        .where('user_id', '=', userId)
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** One transaction of one user's portfolios (another user's is undefined). */
    transactionOf: async (userId: string, id: string): Promise<TransactionRow | undefined> =>
      await transactionColumns(db)
        .where('p.user_id', '=', userId)
        .where('t.id', '=', id)
        .executeTakeFirst(),

    /** A portfolio's transactions in ledger order (date, then entry order). */
    ledger: async (portfolioId: string): Promise<TransactionRow[]> =>
      await transactionColumns(db)
        .where('t.portfolio_id', '=', portfolioId)
        .orderBy('t.trade_date')
        .orderBy('t.seq')
        .execute(),

    /**
     * Runs `work` in one transaction holding an advisory lock per portfolio (taken in id order, so
     * two writers never deadlock): concurrent writes to a ledger run one after the other, each
     * validating the ledger the previous one left. The portfolios' `ledger_version` is bumped in
     * the same transaction, so a ledger kept in memory is stale exactly when the write commits.
     */
    locked: <T>(portfolioIds: readonly string[], work: (scope: LedgerScope) => Promise<T>) =>
      db.transaction().execute(async (trx) => {
        const ids = [...new Set(portfolioIds)].sort();
        for (const id of ids) {
          await sql`select pg_advisory_xact_lock(hashtextextended(${`portfolio:${id}`}, 0))`.execute(
            trx,
          );
        }
        await trx
          .updateTable('portfolios')
          .set({ ledger_version: sql<number>`ledger_version + 1` })
          .where('id', 'in', ids)
          .execute();
        return work(ledgerScope(trx));
      }),

    /**
     * Listings named by `symbols`, as `EXCHANGE:TICKER` or as a bare ticker, with their company and
     * latest stored quote (if any).
     */
    listings: async (symbols: readonly string[]): Promise<ListingRow[]> => {
      if (symbols.length === 0) return [];
      const wanted = [...new Set(symbols.map((s) => s.toUpperCase()))];
      const rows = await sql<ListingRow>`
        select s.exchange_ticker, s.ticker, s.currency, c.company_name, c.gics_sector,
          c.gics_sub_industry, q.price, q.previous_close, q.as_of, q.source
        from securities s
        join companies c on c.id = s.company_id
        left join quote_snapshots q on q.exchange_ticker = s.exchange_ticker
        where s.exchange_ticker = any(${wanted}::text[]) or s.ticker = any(${wanted}::text[])
        order by s.exchange_ticker`.execute(db);
      return rows.rows;
    },

    /**
     * In one round trip, what a snapshot reads on every call: the listings of `symbols`
     * (`EXCHANGE:TICKER`) with their company, latest quote, history stamp (as `historyStamps`)
     * and last checked day, and the stored history's fingerprint (as `historyFingerprint`).
     */
    snapshotInputs: async (symbols: readonly string[]) => {
      type Row = Omit<ListingRow, 'exchange_ticker'> & {
        exchange_ticker: string | null;
        stamp: string | null;
        last_day: string | null;
        n: number;
        last: Date | null;
      };
      const rows = await sql<Row>`
        select f.n, f.last, l.*
        from (select count(*)::int as n, max(updated_at) as last from price_history_status) f
        left join (
          select s.exchange_ticker, s.ticker, s.currency, c.company_name, c.gics_sector,
            c.gics_sub_industry, q.price, q.previous_close, q.as_of, q.source,
            h.updated_at::text || h.last_day::text as stamp, h.last_day::text as last_day
          from securities s
          join companies c on c.id = s.company_id
          left join quote_snapshots q on q.exchange_ticker = s.exchange_ticker
          left join price_history_status h on h.exchange_ticker = s.exchange_ticker
          where s.exchange_ticker = any(${[...symbols]}::text[])
        ) l on true
        order by l.exchange_ticker`.execute(db);
      const first = rows.rows[0];
      const listings: (ListingRow & { stamp: string | null; last_day: string | null })[] = [];
      const stamps = new Map<string, string>();
      for (const { n: _n, last: _last, ...row } of rows.rows) {
        const symbol = row.exchange_ticker;
        if (symbol === null) continue;
        listings.push({ ...row, exchange_ticker: symbol });
        if (row.stamp !== null) stamps.set(symbol, row.stamp);
      }
      return {
        listings,
        stamps,
        fingerprint: { listings: first?.n ?? 0, last: first?.last?.toISOString() ?? '' },
      };
    },

    /** When each listing's stored history last changed (the closes cache's key). */
    historyStamps: async (symbols: readonly string[]) =>
      symbols.length === 0
        ? new Map<string, string>()
        : new Map(
            (
              await sql<{ exchange_ticker: string; stamp: string }>`
                select exchange_ticker, updated_at::text || last_day::text as stamp
                from price_history_status
                where exchange_ticker = any(${[...symbols]}::text[])`.execute(db)
            ).rows.map((row) => [row.exchange_ticker, row.stamp]),
          ),

    /**
     * Every stored close of `symbols`, oldest first, per listing. Days and closes come as one
     * comma-separated text each: splitting a string is far cheaper than the driver's array parser.
     */
    closes: async (symbols: readonly string[]) => {
      const result = new Map<string, { days: string[]; closes: number[] }>();
      if (symbols.length === 0) return result;
      const rows = await sql<{ exchange_ticker: string; days: string; closes: string }>`
        select exchange_ticker,
          string_agg(array_to_string(days, ','), ',' order by month) as days,
          string_agg(array_to_string(close, ','), ',' order by month) as closes
        from price_series
        where exchange_ticker = any(${[...symbols]}::text[]) and cardinality(days) > 0
        group by exchange_ticker`.execute(db);
      for (const row of rows.rows) {
        result.set(row.exchange_ticker, {
          days: row.days.split(','),
          closes: row.closes.split(',').map(Number),
        });
      }
      return result;
    },

    /** Changes whenever stored history changes: the number of listings loaded and the last load. */
    historyFingerprint: async () => {
      const row = await sql<{ n: number; last: Date | null }>`
        select count(*)::int as n, max(updated_at) as last from price_history_status`.execute(db);
      const first = row.rows[0];
      return { listings: first?.n ?? 0, last: first?.last?.toISOString() ?? '' };
    },

    /** Every listing with stored bars (the equal-weighted universe's members). */
    universeListings: async () =>
      (
        await sql<{ exchange_ticker: string }>`
          select distinct exchange_ticker from price_series order by exchange_ticker`.execute(db)
      ).rows.map((row) => row.exchange_ticker),

    /**
     * For the listings `symbols`, each day's sum and count of close-to-close returns: the
     * universe is read in batches of listings (each statement well under the statement timeout
     * on ten years of bars of hundreds of listings) and the means taken by the caller.
     */
    universeDailyReturnSums: async (symbols: readonly string[]) =>
      (
        await sql<{ day: string; sum: number; n: number }>`
          select day::text as day, sum(r)::float8 as sum, count(r)::int as n
          from (
            select u.day,
              u.close / nullif(lag(u.close) over (partition by p.exchange_ticker order by u.day), 0)
                - 1 as r
            from price_series p
            cross join lateral unnest(p.days, p.close) as u(day, close)
            where p.exchange_ticker = any(${[...symbols]}::text[])
          ) x
          where r is not null
          group by day`.execute(db)
      ).rows,
  };
}

export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;
