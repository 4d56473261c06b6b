import type { Transaction } from '@app/shared/api/portfolio';
import type { LedgerEntry, Trade } from './ledger.ts';
import type { ListingRow, NewTransactionRow, TransactionRow } from './portfolio.repository.ts';

/** A new entry goes after every entry already recorded on its day. */
export const LAST = Number.MAX_SAFE_INTEGER;

/** The trade a stored or new row records, as the ledger and the API name its fields. */
const tradeOf = (row: NewTransactionRow): Trade => ({
  type: row.type,
  symbol: row.symbol,
  date: row.trade_date,
  quantity: row.quantity,
  price: row.price,
  fees: row.fees,
});

export const toEntry = (row: TransactionRow): LedgerEntry => ({ ...tradeOf(row), seq: row.seq });

export const toTransaction = (row: TransactionRow): Transaction => ({
  id: row.id,
  portfolio: row.portfolio,
  ...tradeOf(row),
  currency: row.currency,
  note: row.note,
  created_at: Math.floor(row.created_at.getTime() / 1000),
});

/** The listing each symbol names: an exact `EXCHANGE:TICKER`, or a bare ticker with one listing. */
export function matchListings(symbols: readonly string[], rows: readonly ListingRow[]) {
  const exact = new Map(rows.map((row) => [row.exchange_ticker, row]));
  const byTicker = new Map<string, ListingRow[]>();
  for (const row of rows) byTicker.set(row.ticker, [...(byTicker.get(row.ticker) ?? []), row]);
  const result = new Map<string, ListingRow>();
  for (const symbol of symbols) {
    const upper = symbol.toUpperCase();
    const found = exact.get(upper) ?? byTicker.get(upper);
    const row = Array.isArray(found) ? (found.length === 1 ? found[0] : undefined) : found;
    if (row) result.set(symbol, row);
  }
  return result;
}

/** A row about to be stored as a ledger entry at position `seq` of its day. */
export const entryOf = (row: NewTransactionRow, seq: number): LedgerEntry => ({
  ...tradeOf(row),
  seq,
});
