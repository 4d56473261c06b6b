import type { TransactionType } from '@app/shared/api/portfolio';
import { sql, type Transaction as KyselyTransaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { createPortfolioPricesRepository } from './portfolio-prices.repository.ts';
import { countRows } from '../../db/row-values.ts';

/** A transaction's own fields, as a new one is written. */
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

/** A stored transaction as the service reads it (numeric columns come back as numbers). */
export type TransactionRow = NewTransactionRow & {
  id: string;
  portfolio_id: string;
  portfolio: string;
  seq: number;
  created_at: Date;
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

/**
 * SQL for portfolios, their transactions and the closes their performance reads; no decisions.
 * The prices and listings a snapshot reads are in portfolio-prices.repository.ts.
 */
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

    count: (userId: string) => countRows(db.selectFrom('portfolios').where('user_id', '=', userId)),

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
    /** Every ledger entry of these users' portfolios with its owner, in one read. */
    ledgersOfUsers: async (
      userIds: readonly string[],
    ): Promise<(TransactionRow & { user_id: string })[]> =>
      userIds.length === 0
        ? []
        : await transactionColumns(db)
            .select('p.user_id')
            .where(sql<boolean>`p.user_id = any(${[...userIds]}::uuid[])`)
            .execute(),

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

    ...createPortfolioPricesRepository(db),
  };
}

export type PortfolioRepository = ReturnType<typeof createPortfolioRepository>;
