import { stringify } from 'csv-stringify/sync';

/** A cell of a CSV the product writes: text, or a number (written as a number). */
export type CsvCell = string | number;

/** First characters a spreadsheet reads as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^'*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** Numbers as people write them: at most 15 significant digits, no exponent below 10^21. */
const numberText = (value: number) => String(Number(value.toPrecision(15)));

/**
 * Every CSV the product writes goes through here: csv-stringify with its formula escaping, so a
 * text cell that begins with `=`, `+`, `-`, `@`, a tab or a carriage return is prefixed with `'`
 * (a number such as -5 stays a number). A text that already begins with quotes before such a
 * character gets one more, so `readCsvCell` gives every cell back exactly as it was.
 */
export function writeCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const protect = (cell: CsvCell) =>
    typeof cell === 'string' && cell.startsWith("'") && FORMULA_START.test(cell)
      ? `'${cell}`
      : cell;
  return stringify([[...header], ...rows.map((row) => row.map(protect))], {
    escape_formulas: true,
    record_delimiter: '\r\n',
    // Leading or trailing spaces survive a reader that trims unquoted cells.
    quoted_match: /^\s|\s$/,
    cast: { number: numberText },
  });
}

/** A cell as `writeCsv` meant it: one neutralising `'` before a formula character removed. */
export function readCsvCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}
