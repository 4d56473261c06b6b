import type { Transaction } from '@app/shared/api/portfolio';
import type { CsvRow } from './portfolio-csv.ts';
import { byDateThenSeq, openPositions, type LedgerEntry } from './ledger.ts';
import { dateProblem, unknownSymbol } from './portfolio-rules.ts';

export type ImportRow = {
  line: number;
  transaction: Omit<Transaction, 'id' | 'created_at' | 'portfolio'> | null;
  errors: string[];
};
export type ImportCheck = { headers: string[]; rows: ImportRow[]; valid: boolean };

/** Entries of the file go after the ledger's entries of the same day, in the file's order. */
const FILE_SEQ_START = Number.MAX_SAFE_INTEGER - 1_000_000;

/**
 * Checks every row of an import: its own fields (already parsed), a known symbol, no future
 * date, and the ledger it would make — the current ledger plus the file's valid rows replayed
 * together, each sale or split that would exceed the holding reported on the file's row (or, when
 * an entry already stored breaks, on the file's last row for that listing before it).
 */
export function checkImport(input: {
  headers: string[];
  rows: readonly CsvRow[];
  ledger: readonly LedgerEntry[];
  listings: ReadonlyMap<string, { exchange_ticker: string; currency: string }>;
  today: string;
}): ImportCheck {
  const rows: ImportRow[] = input.rows.map((row) => {
    const errors = [...row.errors];
    const f = row.fields;
    if (!f) return { line: row.line, transaction: null, errors };
    const listing = input.listings.get(f.symbol);
    if (!listing) errors.push(unknownSymbol(f.symbol));
    const future = dateProblem(f.date, input.today);
    if (future) errors.push(future);
    return {
      line: row.line,
      transaction: {
        type: f.type,
        symbol: listing?.exchange_ticker ?? f.symbol,
        date: f.date,
        quantity: f.quantity,
        price: f.price,
        fees: f.fees,
        currency: f.currency ?? listing?.currency ?? 'USD',
        note: f.note,
      },
      errors,
    };
  });

  const fromFile = new Map<LedgerEntry, ImportRow>();
  const entries: LedgerEntry[] = [...input.ledger];
  rows.forEach((row, i) => {
    if (!row.transaction || row.errors.length > 0) return;
    const entry: LedgerEntry = { ...row.transaction, seq: FILE_SEQ_START + i };
    fromFile.set(entry, row);
    entries.push(entry);
  });
  const book = openPositions();
  const lastFileRow = new Map<string, ImportRow>();
  for (const entry of entries.sort(byDateThenSeq)) {
    const own = fromFile.get(entry);
    if (own) lastFileRow.set(entry.symbol, own);
    const problem = book.apply(entry);
    if (!problem) continue;
    const row = own ?? lastFileRow.get(entry.symbol) ?? rows.find((r) => r.transaction);
    row?.errors.push(own ? problem.message : `With this file, ${problem.message}`);
  }
  return {
    headers: input.headers,
    rows,
    valid: rows.length > 0 && rows.every((row) => row.errors.length === 0),
  };
}
