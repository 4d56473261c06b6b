import {
  CSV_COLUMNS,
  TRANSACTION_TYPES,
  type ColumnMapping,
  type Transaction,
  type TransactionType,
} from '@app/shared/api/portfolio';
import { AMOUNT_MAX, amountProblem, PRICE_MAX, QUANTITY_MAX } from '@app/shared/api/amounts';
import { parse } from 'csv-parse/sync';
import { readCsvCell, writeCsv } from '../../http/csv-writer.ts';
import type { Trade } from './ledger.ts';

/** A parsed row before the ledger checks: the fields it gave, or why it gave none. */
export type CsvRow = {
  /** 1-based line of the file (the header is line 1). */
  line: number;
  fields: CsvTransaction | null;
  errors: string[];
};
export type CsvTransaction = Trade & { currency: string | null; note: string };

/** Side words of broker exports (lower case) and the entry type each means. */
const SIDE_WORDS: Record<string, TransactionType> = {
  buy: 'buy',
  bought: 'buy',
  b: 'buy',
  purchase: 'buy',
  sell: 'sell',
  sold: 'sell',
  s: 'sell',
  sale: 'sell',
  dividend: 'dividend',
  div: 'dividend',
  fee: 'fee',
  split: 'split',
};

/** The delimiter of a file: the one of , ; tab found most often in its first line. */
function detectDelimiter(csv: string): string {
  const firstLine = csv.slice(0, csv.indexOf('\n') >>> 0);
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/**
 * A number as brokers write it: `1234.5`, `1,234.50`, `1.234,50`, `12,5` (decimal comma), with
 * optional currency signs and spaces. When both separators appear the last one is the decimal
 * one; a lone comma is decimal unless it groups thousands more than once (`1,234,567`).
 */
export function parseAmount(text: string): number | null {
  let s = text.replace(/[\s$€£¥\u00a0']/g, '');
  if (s === '') return null;
  const negative = /^\(.*\)$/.test(s);
  if (negative) s = s.slice(1, -1);
  const lastComma = s.lastIndexOf(',');
  const lastDot = s.lastIndexOf('.');
  if (lastComma >= 0 && lastDot >= 0) {
    s = lastComma > lastDot ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '');
  } else if (lastComma >= 0) {
    s = /^-?\d{1,3}(,\d{3}){2,}$/.test(s) ? s.replace(/,/g, '') : s.replace(',', '.');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(s)) return null;
  const value = Number(s);
  return Number.isFinite(value) ? (negative ? -value : value) : null;
}

const isRealDay = (y: string, m: string, d: string) => {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return (
    date.getUTCFullYear() === Number(y) &&
    date.getUTCMonth() === Number(m) - 1 &&
    date.getUTCDate() === Number(d)
  );
};

/** `YYYY-MM-DD` (a time after it is ignored), `MM/DD/YYYY` or `DD.MM.YYYY`, as `YYYY-MM-DD`. */
export function parseDay(text: string): string | null {
  const s = text.trim();
  let parts: [string, string, string] | null = null;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(s);
  if (match) parts = [match[1] ?? '', match[2] ?? '', match[3] ?? ''];
  if (!parts && (match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s))) {
    parts = [match[3] ?? '', match[1] ?? '', match[2] ?? ''];
  }
  if (!parts && (match = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(s))) {
    parts = [match[3] ?? '', match[2] ?? '', match[1] ?? ''];
  }
  if (!parts || !isRealDay(...parts)) return null;
  const [y, m, d] = parts;
  return `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
}

const BOUNDS = {
  quantity: { max: QUANTITY_MAX, zeroAllowed: false },
  price: { max: PRICE_MAX, zeroAllowed: true },
  fees: { max: AMOUNT_MAX, zeroAllowed: true },
};

type Mapping = Required<Pick<ColumnMapping, 'date' | 'symbol' | 'side' | 'quantity' | 'price'>> &
  Pick<ColumnMapping, 'fees' | 'currency' | 'note'>;

/** Our own format maps its header names to themselves. */
const OWN_FORMAT: Mapping = {
  date: 'date',
  symbol: 'symbol',
  side: 'type',
  quantity: 'quantity',
  price: 'price',
  fees: 'fees',
  currency: 'currency',
  note: 'note',
};

/**
 * Reads a CSV file of transactions: our format (CSV_COLUMNS, without a mapping) or a broker's
 * export through a column mapping. Each data row gets its fields or its errors; the file-level
 * problems (no header, a missing column) come back as `fileError`.
 */
export function readTransactionsCsv(
  csv: string,
  mapping: ColumnMapping | undefined,
): { headers: string[]; rows: CsvRow[]; fileError: string | null } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(csv, {
      bom: true,
      delimiter: detectDelimiter(csv),
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    return {
      headers: [],
      rows: [],
      fileError: `The file is not valid CSV: ${(error as Error).message}`,
    };
  }
  const [header, ...data] = records;
  if (!header) return { headers: [], rows: [], fileError: 'The file is empty.' };
  const headers = header.record;
  const columns = mapping ?? OWN_FORMAT;
  const indexOf = new Map(headers.map((name, i) => [name.trim().toLowerCase(), i]));
  const required = ['date', 'symbol', 'side', 'quantity', 'price'] as const;
  const missing = required
    .map((field) => columns[field])
    .filter((name) => !indexOf.has(name.toLowerCase()));
  if (missing.length > 0) {
    const expected = mapping ? '' : ` Expected the columns ${CSV_COLUMNS.join(',')}.`;
    return {
      headers,
      rows: [],
      fileError: `Missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}.${expected}`,
    };
  }
  // Unquoted cells come trimmed; a note quoted with its spaces (as our export writes it) keeps them.
  const cell = (record: string[], name: string | undefined, keepSpaces = false) => {
    if (name === undefined) return '';
    const i = indexOf.get(name.toLowerCase());
    const text = i === undefined ? '' : (record[i] ?? '');
    return readCsvCell(keepSpaces ? text : text.trim());
  };

  const rows = data.map(({ record, info }): CsvRow => {
    const errors: string[] = [];
    const date = parseDay(cell(record, columns.date));
    if (!date) {
      errors.push(
        `Invalid date '${cell(record, columns.date)}' (use YYYY-MM-DD, MM/DD/YYYY or DD.MM.YYYY).`,
      );
    }
    const sideText = cell(record, columns.side).toLowerCase();
    const type = SIDE_WORDS[sideText];
    if (!type) {
      errors.push(
        `Unknown type '${cell(record, columns.side)}' (use ${TRANSACTION_TYPES.join(', ')}, bought, sold, B or S).`,
      );
    }
    const symbol = cell(record, columns.symbol).toUpperCase();
    if (symbol === '') errors.push('The symbol is empty.');
    else if (symbol.length > 40) errors.push('A symbol has at most 40 characters.');
    const number = (field: 'quantity' | 'price' | 'fees', optional: boolean) => {
      const text = cell(record, columns[field]);
      if (text === '' && optional) return 0;
      const value = parseAmount(text);
      if (value === null) {
        errors.push(`Invalid ${field} '${text}'.`);
        return 0;
      }
      // Broker exports write sales (and fees) as negative amounts: the side says the direction.
      const amount = Math.abs(value);
      const problem = amount === 0 ? null : amountProblem(amount, BOUNDS[field]);
      if (problem) errors.push(`The ${field} ${text} ${problem}.`);
      return amount;
    };
    const quantity = number('quantity', false);
    const price = number('price', type === 'split');
    const fees = number('fees', true);
    if (quantity === 0 && errors.length === 0) errors.push('The quantity must be above 0.');
    const currency = cell(record, columns.currency).toUpperCase();
    if (currency !== '' && !/^[A-Z]{3}$/.test(currency)) {
      errors.push(`Invalid currency '${currency}' (three letters, such as USD).`);
    }
    const note = cell(record, columns.note, true);
    if (note.length > 500) errors.push('A note has at most 500 characters.');
    if (errors.length > 0 || !date || !type) return { line: info.lines, fields: null, errors };
    return {
      line: info.lines,
      fields: {
        type,
        symbol,
        date,
        quantity,
        price: type === 'split' ? 0 : price,
        fees,
        currency: currency || null,
        note,
      },
      errors,
    };
  });
  return { headers, rows, fileError: null };
}

/**
 * Entries of a file dated newest first (as many brokers export) are applied oldest first: the
 * file's order is reversed, so same-day entries keep their real sequence.
 */
export function inLedgerOrder<T extends { fields: CsvTransaction | null }>(
  rows: readonly T[],
): T[] {
  const dated = rows.filter((row) => row.fields !== null);
  const first = dated[0]?.fields?.date ?? '';
  const last = dated.at(-1)?.fields?.date ?? '';
  return first > last ? [...rows].reverse() : [...rows];
}

/** Our CSV format: the CSV_COLUMNS header and one line per transaction in ledger order. */
export function writeTransactionsCsv(transactions: readonly Transaction[]): string {
  return writeCsv(
    CSV_COLUMNS,
    transactions.map((t) => [
      t.date,
      t.type,
      t.symbol,
      t.quantity,
      t.price,
      t.fees,
      t.currency,
      t.note,
    ]),
  );
}
