import { screenerQuerySpec, type ScreenerField } from '@app/shared/api/screener';
import type { QueryFilter, QueryOrder } from '@app/shared/query/query-types';
import { SCREENER_SOURCES, SCREENER_TIEBREAKER, type ScreenerQueryAst } from './screener-query.ts';
import type { ScreenerMetricsDump } from './screener-snapshot.repository.ts';
import type { ScreenerMetricsRow } from './screener.repository.ts';

/** Orders kept per snapshot (each an index permutation of the listings: 4 bytes a listing). */
const MAX_ORDERS = 64;

type NumericColumn = { kind: 'number'; values: Float64Array; known: Uint8Array };
type TextColumn = {
  kind: 'text';
  values: readonly (string | null)[];
  rank: Int32Array;
  lower: readonly string[] | undefined;
};
type Column = NumericColumn | TextColumn;
type Predicate = (i: number) => boolean;
type Term = { column: Column; desc: boolean; nullsLast: boolean };

/** One page of a screen and how many listings its filters match. */
export type SnapshotPage = { rows: ScreenerMetricsRow[]; total: number };

const FIELDS = Object.keys(screenerQuerySpec.fields) as ScreenerField[];

/** PostgreSQL orders NaN above every other float8 and equal to itself. */
function compareNumbers(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function numericPredicate(column: NumericColumn, filter: QueryFilter): Predicate | null {
  const { values, known } = column;
  if (filter.op === 'exists') {
    const want = filter.value ? 1 : 0;
    return (i) => known[i] === want;
  }
  if (filter.op !== 'gt' && filter.op !== 'gte' && filter.op !== 'lt' && filter.op !== 'lte') {
    return null;
  }
  const v = filter.value;
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  // NaN compares greater than any number, as in PostgreSQL.
  switch (filter.op) {
    case 'gt':
      return (i) => known[i] === 1 && compareNumbers(values[i] as number, v) > 0;
    case 'gte':
      return (i) => known[i] === 1 && compareNumbers(values[i] as number, v) >= 0;
    case 'lt':
      return (i) => known[i] === 1 && compareNumbers(values[i] as number, v) < 0;
    case 'lte':
      return (i) => known[i] === 1 && compareNumbers(values[i] as number, v) <= 0;
  }
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

function textPredicate(column: TextColumn, filter: QueryFilter, asciiFold: boolean) {
  const { values } = column;
  switch (filter.op) {
    case 'eq': {
      const v = filter.value;
      if (v === null) return (i: number) => values[i] === null;
      return typeof v === 'string' ? (i: number) => values[i] === v : null;
    }
    case 'ne': {
      const v = filter.value;
      if (v === null) return (i: number) => values[i] !== null;
      return typeof v === 'string' ? (i: number) => values[i] !== v : null;
    }
    case 'in':
    case 'nin': {
      const listed = filter.value.filter((item) => item !== null);
      if (!listed.every((item) => typeof item === 'string')) return null;
      const set = new Set<string | null>(listed);
      const withNull = listed.length < filter.value.length;
      const matches = (i: number) => values[i] !== null && set.has(values[i] ?? null);
      if (filter.op === 'in')
        return withNull ? (i: number) => matches(i) || values[i] === null : matches;
      return withNull
        ? (i: number) => !matches(i) && values[i] !== null
        : (i: number) => !matches(i);
    }
    case 'icontains':
    case 'istartswith':
    case 'iendswith': {
      // ILIKE is lower(text) LIKE lower(pattern): the text's lower() is PostgreSQL's; a pattern
      // is folded here only when it is ASCII and the database folds ASCII as JS does.
      const { lower } = column;
      if (!lower || !asciiFold || !isAscii(filter.value)) return null;
      const needle = filter.value.toLowerCase();
      const test =
        filter.op === 'icontains'
          ? (text: string) => text.includes(needle)
          : filter.op === 'istartswith'
            ? (text: string) => text.startsWith(needle)
            : (text: string) => text.endsWith(needle);
      return (i: number) => values[i] !== null && test(lower[i] ?? '');
    }
    default:
      return null;
  }
}

/**
 * Every listing's screener metrics held in memory as columns, so that any screen (any filters of
 * the allowlist, any order) is answered by one pass over the listings: filters as predicates on
 * typed arrays, the order from a permutation computed once per order and kept. Agrees with the
 * SQL of `screenerQuery` row for row: unknown figures and ties sort as there (text by its rank in
 * the database's collation, the tiebreaker in the first term's direction), NaN as PostgreSQL
 * orders it. A filter it cannot evaluate exactly (a non-ASCII ILIKE pattern) answers null, and
 * the caller asks PostgreSQL.
 */
export function createScreenerSnapshot(dump: ScreenerMetricsDump) {
  const { rows } = dump;
  const n = rows.length;
  const columns = new Map<string, Column>();
  for (const field of FIELDS) {
    const spec = screenerQuerySpec.fields[field];
    if (spec.type === 'number' || spec.type === 'integer') {
      const values = new Float64Array(n);
      const known = new Uint8Array(n);
      rows.forEach((row, i) => {
        const value = row[field];
        if (typeof value === 'number') {
          values[i] = value;
          known[i] = 1;
        }
      });
      columns.set(field, { kind: 'number', values, known });
    } else {
      const ranked = field as keyof ScreenerMetricsDump['ranks'];
      const lower =
        field === 'exchange_ticker' || field === 'company_name' ? dump.lower[field] : undefined;
      columns.set(field, {
        kind: 'text',
        values: rows.map((row) => row[ranked]),
        rank: dump.ranks[ranked],
        lower,
      });
    }
  }
  const columnOf = (field: string): Column => {
    const column = columns.get(field);
    // Unreachable: the parser lets only allowlisted fields through.
    if (!column) throw new Error(`screener snapshot: unknown field '${field}'`);
    return column;
  };
  const indexOf = new Map(rows.map((row, i) => [row.exchange_ticker, i]));
  const orders = new Map<string, Int32Array>();

  function termsOf(orderBy: readonly QueryOrder[]): Term[] {
    const terms = orderBy.map((order) => {
      const desc = order.direction === 'desc';
      const nulls = (SCREENER_SOURCES[order.field as ScreenerField] as { nulls?: 'last' }).nulls;
      // PostgreSQL's default puts NULLs last ascending and first descending.
      return { column: columnOf(order.field), desc, nullsLast: nulls === 'last' || !desc };
    });
    if (!orderBy.some((order) => order.field === SCREENER_TIEBREAKER)) {
      const desc = orderBy[0]?.direction === 'desc';
      terms.push({ column: columnOf(SCREENER_TIEBREAKER), desc, nullsLast: !desc });
    }
    return terms;
  }

  function compareTerm(term: Term, a: number, b: number): number {
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

  function permutation(orderBy: readonly QueryOrder[]): Int32Array {
    const key = orderBy.map((order) => `${order.direction}:${order.field}`).join(',');
    const kept = orders.get(key);
    if (kept) return kept;
    const terms = termsOf(orderBy);
    const order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
      for (const term of terms) {
        const c = compareTerm(term, a, b);
        if (c !== 0) return c;
      }
      return 0;
    });
    if (orders.size >= MAX_ORDERS) {
      const oldest = orders.keys().next().value;
      if (oldest !== undefined) orders.delete(oldest);
    }
    orders.set(key, order);
    return order;
  }

  function predicatesOf(
    filters: readonly QueryFilter[],
    symbols: readonly string[] | null,
  ): Predicate[] | null {
    const predicates: Predicate[] = [];
    for (const filter of filters) {
      const column = columnOf(filter.field);
      const predicate =
        column.kind === 'number'
          ? numericPredicate(column, filter)
          : textPredicate(column, filter, dump.asciiFold);
      if (!predicate) return null;
      predicates.push(predicate);
    }
    if (symbols !== null) {
      const mask = new Uint8Array(n);
      for (const symbol of symbols) {
        const i = indexOf.get(symbol);
        if (i !== undefined) mask[i] = 1;
      }
      predicates.push((i) => mask[i] === 1);
    }
    return predicates;
  }

  return {
    /** How many listings it holds. */
    size: n,

    /**
     * One page of the screen within `symbols` (null: all) and its match count, or null when a
     * filter must be evaluated by PostgreSQL.
     */
    page(ast: ScreenerQueryAst, symbols: readonly string[] | null): SnapshotPage | null {
      const predicates = predicatesOf(ast.filters, symbols);
      if (!predicates) return null;
      const order = permutation(ast.orderBy);
      const end = ast.skip + ast.limit;
      const page: ScreenerMetricsRow[] = [];
      let total = 0;
      const count = predicates.length;
      for (let k = 0; k < n; k += 1) {
        const i = order[k] as number;
        let pass = true;
        for (let p = 0; p < count; p += 1) {
          if (!(predicates[p] as Predicate)(i)) {
            pass = false;
            break;
          }
        }
        if (!pass) continue;
        if (total >= ast.skip && total < end) page.push(rows[i] as ScreenerMetricsRow);
        total += 1;
      }
      return { rows: page, total };
    },

    /** The distinct sectors, industries and exchanges, ordered as the SQL of the facets orders them. */
    facets() {
      const sector = columnOf('sector') as TextColumn;
      const industry = columnOf('industry') as TextColumn;
      const exchange = columnOf('exchange') as TextColumn;
      const distinct = (column: TextColumn) => {
        const byRank = new Map<number, string>();
        column.values.forEach((value, i) => {
          if (value !== null) byRank.set(column.rank[i] as number, value);
        });
        return [...byRank.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
      };
      const pairs = new Map<string, { s: number; i: number; sector: string; industry: string }>();
      sector.values.forEach((s, i) => {
        const ind = industry.values[i] ?? null;
        if (s === null || ind === null) return;
        const rs = sector.rank[i] as number;
        const ri = industry.rank[i] as number;
        pairs.set(`${rs}:${ri}`, { s: rs, i: ri, sector: s, industry: ind });
      });
      return {
        sectors: distinct(sector),
        industries: [...pairs.values()]
          .sort((a, b) => a.s - b.s || a.i - b.i)
          .map(({ sector: s, industry: ind }) => ({ sector: s, industry: ind })),
        exchanges: distinct(exchange),
      };
    },
  };
}

export type ScreenerSnapshot = ReturnType<typeof createScreenerSnapshot>;
