import type { ColumnMapping } from '@app/shared/api/portfolio';

/**
 * The column names of a CSV's first line (quoted names may hold commas and doubled quotes). Only
 * the header is read here, to offer the mapping; the server parses the file itself.
 */
export function csvHeader(text: string): string[] {
  const names: string[] = [];
  let current = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charAt(index);
    if (quoted) {
      if (char === '"' && text.charAt(index + 1) === '"') {
        current += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ',' || char === ';' || char === '\t') {
      names.push(current.trim());
      current = '';
    } else if (char === '\n' || char === '\r') break;
    else current += char;
  }
  names.push(current.trim());
  return names.filter((name) => name !== '');
}

export type MappingField = keyof ColumnMapping;

export const MAPPING_FIELDS: { field: MappingField; label: string; required: boolean }[] = [
  { field: 'date', label: 'Date', required: true },
  { field: 'symbol', label: 'Symbol', required: true },
  { field: 'side', label: 'Side (buy or sell)', required: true },
  { field: 'quantity', label: 'Quantity', required: true },
  { field: 'price', label: 'Price', required: true },
  { field: 'fees', label: 'Fees', required: false },
  { field: 'currency', label: 'Currency', required: false },
  { field: 'note', label: 'Note', required: false },
];

const GUESSES: Record<MappingField, RegExp> = {
  date: /date|time/i,
  symbol: /symbol|ticker|instrument|security/i,
  side: /side|action|type|buy.?sell/i,
  quantity: /qty|quantity|shares|units/i,
  price: /price/i,
  fees: /fee|commission/i,
  currency: /currency|ccy/i,
  note: /note|comment|description/i,
};

/** A first guess at the mapping from a broker's header names. */
export function guessMapping(headers: readonly string[]): Partial<Record<MappingField, string>> {
  const mapping: Partial<Record<MappingField, string>> = {};
  for (const { field } of MAPPING_FIELDS) {
    const match = headers.find((name) => GUESSES[field].test(name));
    if (match !== undefined) mapping[field] = match;
  }
  return mapping;
}

/** The mapping as the API takes it, or null while a required column is unchosen. */
export function completeMapping(
  partial: Partial<Record<MappingField, string>>,
): ColumnMapping | null {
  const { date, symbol, side, quantity, price, fees, currency, note } = partial;
  if (!date || !symbol || !side || !quantity || !price) return null;
  return {
    date,
    symbol,
    side,
    quantity,
    price,
    ...(fees ? { fees } : {}),
    ...(currency ? { currency } : {}),
    ...(note ? { note } : {}),
  };
}
