import {
  compareNumbers,
  type NumericColumn,
  type TextColumn,
} from './screener-snapshot-filters.ts';

/** One term of a screen's order over a snapshot column. */
export type Term = { column: NumericColumn | TextColumn; desc: boolean; nullsLast: boolean };

/** How listings `a` and `b` compare by one term, as PostgreSQL orders them. */
export function compareTerm(term: Term, a: number, b: number): number {
  const { column } = term;
  const aKnown = column.kind === 'number' ? column.known[a] === 1 : column.values[a] !== null;
  const bKnown = column.kind === 'number' ? column.known[b] === 1 : column.values[b] !== null;
  if (!aKnown || !bKnown) {
    if (aKnown === bKnown) return 0;
    return !aKnown === term.nullsLast ? 1 : -1;
  }
  const order =
    column.kind === 'number'
      ? compareNumbers(column.values[a] as number, column.values[b] as number)
      : (column.rank[a] as number) - (column.rank[b] as number);
  return term.desc ? -order : order;
}

/**
 * Every listing in the order of one text column by its ranks (a counting sort, no comparison
 * sort): a listing's id is its rank by the tiebreaker, so equal texts stay in tiebreaker order
 * ascending and reversed descending; unknown texts last or first.
 */
export function textOrder(column: TextColumn, desc: boolean, nullsLast: boolean): Int32Array {
  const { rank, values } = column;
  const n = values.length;
  let ranks = 0;
  for (let i = 0; i < n; i += 1) {
    if (values[i] !== null) ranks = Math.max(ranks, (rank[i] as number) + 1);
  }
  // starts[r]: where the listings of rank r begin among the known ones.
  const starts = new Int32Array(ranks + 1);
  let unknown = 0;
  for (let i = 0; i < n; i += 1) {
    if (values[i] === null) unknown += 1;
    else starts[(rank[i] as number) + 1] = (starts[(rank[i] as number) + 1] as number) + 1;
  }
  for (let r = 0; r < ranks; r += 1) {
    starts[r + 1] = (starts[r + 1] as number) + (starts[r] as number);
  }
  const known = new Int32Array(n - unknown);
  const rest = new Int32Array(unknown);
  let u = 0;
  for (let i = 0; i < n; i += 1) {
    if (values[i] === null) {
      rest[u] = i;
      u += 1;
    } else {
      const r = rank[i] as number;
      known[starts[r] as number] = i;
      starts[r] = (starts[r] as number) + 1;
    }
  }
  if (desc) {
    known.reverse();
    rest.reverse();
  }
  const order = new Int32Array(n);
  order.set(nullsLast ? known : rest, 0);
  order.set(nullsLast ? rest : known, nullsLast ? known.length : rest.length);
  return order;
}
