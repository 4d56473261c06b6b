import type { ImportRequest, Transaction, transactionInputSchema } from '@app/shared/api/portfolio';
import type { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { inLedgerOrder, readTransactionsCsv, writeTransactionsCsv } from './portfolio-csv.ts';
import { checkImport, type ImportCheck } from './portfolio-import.ts';
import { entryOf, LAST, matchListings, toEntry, toTransaction } from './portfolio-rows.ts';
import {
  assertLedgerValid,
  assertRoomFor,
  businessDay,
  dateProblem,
  unknownSymbol,
} from './portfolio-rules.ts';
import type {
  ListingRow,
  NewTransactionRow,
  PortfolioRepository,
  TransactionRow,
} from './portfolio.repository.ts';

export type TransactionBody = z.output<typeof transactionInputSchema>;
type ImportBody = Omit<ImportRequest, 'portfolio'> & { portfolio: string };

/**
 * Writes of ledgers (one entry, an edit, a delete, a CSV import), each validated against the
 * ledger as it is inside the portfolio's lock, and the CSV reads (export, import preview).
 */
export function createLedgerWrites(deps: {
  repository: PortfolioRepository;
  clock: Clock;
  /** The portfolio's id (`default` created on first use; other names must exist). */
  portfolioId: (userId: string, name: string) => Promise<string>;
  /** After a write of the user's portfolios committed: stale here at once, and in every process. */
  written: (userId: string) => Promise<void>;
}) {
  const { repository, portfolioId, written } = deps;
  const today = () => businessDay(deps.clock.now());

  async function listingOf(symbol: string): Promise<ListingRow> {
    const listing = matchListings([symbol], await repository.listings([symbol])).get(symbol);
    if (!listing) throw badRequest(unknownSymbol(symbol));
    return listing;
  }

  /** Checks a body's own fields and names its listing; the row to store. */
  async function rowOf(body: TransactionBody): Promise<NewTransactionRow> {
    const problem = dateProblem(body.date, today());
    if (problem) throw badRequest(problem);
    const listing = await listingOf(body.symbol);
    return {
      type: body.type,
      symbol: listing.exchange_ticker,
      trade_date: body.date,
      quantity: body.quantity,
      price: body.type === 'split' ? 0 : body.price,
      fees: body.fees,
      currency: body.currency?.toUpperCase() ?? listing.currency,
      note: body.note,
    };
  }

  async function transactionOf(userId: string, id: string): Promise<TransactionRow> {
    const row = await repository.transactionOf(userId, id);
    if (!row) throw notFound(`Transaction '${id}' not found.`);
    return row;
  }

  /** Import rows checked against the ledger as it is inside the lock. */
  async function check(ledger: readonly TransactionRow[], body: ImportBody): Promise<ImportCheck> {
    const parsed = readTransactionsCsv(body.csv, body.mapping);
    if (parsed.fileError) throw badRequest(parsed.fileError);
    const rows = inLedgerOrder(parsed.rows);
    const symbols = [...new Set(rows.flatMap((row) => (row.fields ? [row.fields.symbol] : [])))];
    const listings = matchListings(symbols, await repository.listings(symbols));
    return checkImport({
      headers: parsed.headers,
      rows,
      ledger: ledger.map(toEntry),
      listings,
      today: today(),
    });
  }

  return {
    async record(userId: string, body: TransactionBody): Promise<Transaction> {
      const row = await rowOf(body);
      const id = await portfolioId(userId, body.portfolio);
      const [created] = await repository.locked([id], async (scope) => {
        const ledger = await scope.ledger(id);
        assertRoomFor(ledger.length, 1);
        assertLedgerValid([...ledger.map(toEntry), entryOf(row, LAST)]);
        return scope.insert(id, [row], deps.clock.now());
      });
      await written(userId);
      return toTransaction(await transactionOf(userId, created ?? ''));
    },

    async update(userId: string, transactionId: string, body: TransactionBody) {
      const before = await transactionOf(userId, transactionId);
      const row = await rowOf(body);
      const target = await portfolioId(userId, body.portfolio);
      await repository.locked([before.portfolio_id, target], async (scope) => {
        const source = await scope.ledger(before.portfolio_id);
        const current = source.find((entry) => entry.id === transactionId);
        if (!current) throw notFound(`Transaction '${transactionId}' not found.`);
        const others = source.filter((entry) => entry.id !== transactionId).map(toEntry);
        if (target === before.portfolio_id) {
          assertLedgerValid([...others, entryOf(row, current.seq)]);
        } else {
          const moved = await scope.ledger(target);
          assertRoomFor(moved.length, 1);
          assertLedgerValid(others, 'Moving this transaction would break its portfolio:');
          assertLedgerValid([...moved.map(toEntry), entryOf(row, current.seq)]);
        }
        await scope.update(transactionId, target, row);
      });
      await written(userId);
      return toTransaction(await transactionOf(userId, transactionId));
    },

    async remove(userId: string, transactionId: string): Promise<void> {
      const before = await transactionOf(userId, transactionId);
      await repository.locked([before.portfolio_id], async (scope) => {
        const ledger = await scope.ledger(before.portfolio_id);
        if (!ledger.some((entry) => entry.id === transactionId)) {
          throw notFound(`Transaction '${transactionId}' not found.`);
        }
        assertLedgerValid(
          ledger.filter((entry) => entry.id !== transactionId).map(toEntry),
          'Deleting this transaction would break the ledger:',
        );
        await scope.remove(transactionId);
      });
      await written(userId);
    },

    async exportCsv(userId: string, name: string): Promise<string> {
      return writeTransactionsCsv(
        (await repository.ledger(await portfolioId(userId, name))).map(toTransaction),
      );
    },

    /** The file's rows with their errors, checked against the current ledger; writes nothing. */
    async preview(userId: string, body: ImportBody): Promise<ImportCheck> {
      return check(await repository.ledger(await portfolioId(userId, body.portfolio)), body);
    },

    /** Writes every row of the file, or nothing when one row or the resulting ledger is invalid. */
    async import(userId: string, body: ImportBody): Promise<number> {
      const id = await portfolioId(userId, body.portfolio);
      const imported = await repository.locked([id], async (scope) => {
        const ledger = await scope.ledger(id);
        const checked = await check(ledger, body);
        const failed = checked.rows.filter((row) => row.errors.length > 0);
        if (failed.length > 0) {
          const first = failed
            .slice(0, 3)
            .map((row) => `line ${row.line}: ${row.errors.join(' ')}`)
            .join('; ');
          throw badRequest(
            `Nothing was imported: ${failed.length} row${failed.length > 1 ? 's have' : ' has'} errors (${first}).`,
          );
        }
        if (checked.rows.length === 0) throw badRequest('The file has no transactions.');
        assertRoomFor(ledger.length, checked.rows.length);
        const rows = checked.rows.flatMap((row) =>
          row.transaction
            ? [
                {
                  type: row.transaction.type,
                  symbol: row.transaction.symbol,
                  trade_date: row.transaction.date,
                  quantity: row.transaction.quantity,
                  price: row.transaction.price,
                  fees: row.transaction.fees,
                  currency: row.transaction.currency,
                  note: row.transaction.note,
                },
              ]
            : [],
        );
        await scope.insert(id, rows, deps.clock.now());
        return rows.length;
      });
      await written(userId);
      return imported;
    },
  };
}

export type LedgerWrites = ReturnType<typeof createLedgerWrites>;
