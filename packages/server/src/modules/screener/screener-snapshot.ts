import { screenerQuerySpec, type ScreenerField, type ScreenerRow } from '@app/shared/api/screener';
import type { QueryFilter, QueryOrder } from '@app/shared/query/query-types';
import { SCREENER_SOURCES, SCREENER_TIEBREAKER, type ScreenerQueryAst } from './screener-query.ts';
import {
  numericFilter,
  textFilter,
  type Narrow,
  type NumericColumn,
  type TextColumn,
} from './screener-snapshot-filters.ts';
import { createSnapshotIndex, inSet, writePositions } from './screener-snapshot-index.ts';
import { compareTerm, textOrder, type Term } from './screener-snapshot-orders.ts';
import type { ScreenerMetricsDump } from './screener-snapshot.repository.ts';

/**
 * Orders kept per snapshot (each a permutation of the listings and its inverse: 8 bytes a
 * listing).
 */
const MAX_ORDERS = 64;
/**
 * A page of at most this many matches may be found by sorting their positions in the order
 * (when that costs fewer steps than walking the order until the page is full).
 */
const SORT_MATCHES_MAX = 4_096;

/** A kept order: the listings in it, and each listing's position in it. */
type Order = { ids: Int32Array; positionOf: Int32Array };

type Column = NumericColumn | TextColumn;

/** A page (the snapshot's own row objects), its screen's match count, its newest figures' time. */
export type SnapshotPage = { rows: ScreenerRow[]; total: number; computedAt: number | null };

const FIELDS = Object.keys(screenerQuerySpec.fields) as ScreenerField[];

/**
 * Every listing's screener metrics held in memory as columns, so that any screen (any filters of
 * the allowlist, any order) is answered without PostgreSQL. Numeric bounds and text equalities
 * are evaluated as sets of listings from the columns' indexes (screener-snapshot-index.ts); other
 * filters narrow a mask of all the listings over typed arrays. The page is found through the
 * order's permutation, computed once per order (a sort by one column from its index or its text
 * ranks, with no comparison sort) and kept with its inverse: the order walked until the page is
 * full, or the matches' positions sorted when that takes fewer steps. A page lists the snapshot's
 * own row objects, so its route writes each row's JSON once.
 * Agrees with the SQL of `screenerQuery` row for row: unknown figures and ties sort as there (text
 * by its rank in the database's collation, the tiebreaker in the first term's direction), NaN as
 * PostgreSQL orders it. A filter it cannot evaluate exactly (a non-ASCII ILIKE pattern) answers
 * null, and the caller asks PostgreSQL. `sortMatchesMax` (SORT_MATCHES_MAX) and `block` (the
 * index's prefix sets) are for tests.
 */
export function createScreenerSnapshot(
  dump: ScreenerMetricsDump,
  options: { sortMatchesMax?: number; block?: number } = {},
) {
  const sortMatchesMax = options.sortMatchesMax ?? SORT_MATCHES_MAX;
  // Pages list the dump's own rows: no copy of every listing to collect after a load.
  const { rows: shown, rows, computedAt, asciiFold } = dump;
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
  const orders = new Map<string, Order>();
  const index = createSnapshotIndex(n, columnOf, { block: options.block });
  // Reused by every screen (evaluation is synchronous): no per-request allocation of the size.
  const positions = new Int32Array(n);

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

  /**
   * The order of a sort by one numeric column, read from its sorted index (a comparison sort
   * blocks the process for up to hundreds of milliseconds); null for any other sort.
   */
  function byOneNumber(orderBy: readonly QueryOrder[], terms: Term[]): Int32Array | null {
    const [first] = terms;
    const [only] = orderBy;
    if (orderBy.length !== 1 || !first || !only || first.column.kind !== 'number') return null;
    return index.numberOrder(only.field, first.column, first.desc, first.nullsLast);
  }

  function permutation(orderBy: readonly QueryOrder[]): Order {
    const key = orderBy.map((order) => `${order.direction}:${order.field}`).join(',');
    const kept = orders.get(key);
    if (kept) return kept;
    const terms = termsOf(orderBy);
    const order =
      byOneNumber(orderBy, terms) ??
      // A sort by one text column is read from its ranks.
      (orderBy.length === 1 && terms[0]?.column.kind === 'text'
        ? textOrder(terms[0].column, terms[0].desc, terms[0].nullsLast)
        : null) ??
      Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => {
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
    const positionOf = new Int32Array(n);
    order.forEach((i, position) => {
      positionOf[i] = position;
    });
    const made = { ids: order, positionOf };
    orders.set(key, made);
    return made;
  }

  /** The mask of the listings the filters keep within `symbols`, or null (ask PostgreSQL). */
  function maskOf(
    filters: readonly QueryFilter[],
    symbols: readonly string[] | null,
  ): Uint8Array | null {
    const narrows: Narrow[] = [];
    for (const filter of filters) {
      const column = columnOf(filter.field);
      const narrow =
        column.kind === 'number'
          ? numericFilter(column, filter)
          : textFilter(column, filter, asciiFold);
      if (!narrow) return null;
      narrows.push(narrow);
    }
    const mask = new Uint8Array(n);
    if (symbols === null) mask.fill(1);
    else {
      for (const symbol of symbols) {
        const i = indexOf.get(symbol);
        if (i !== undefined) mask[i] = 1;
      }
    }
    for (const narrow of narrows) narrow(mask);
    return mask;
  }

  /** The listings of `symbols` (each once; unknown ones left out). */
  function idsOf(symbols: readonly string[]): Int32Array {
    const ids = new Set<number>();
    for (const symbol of symbols) {
      const i = indexOf.get(symbol);
      if (i !== undefined) ids.add(i);
    }
    return Int32Array.from(ids);
  }

  /** The page of the listings `ids`, its total and the time of its newest figures. */
  function pageOf(ids: readonly number[], total: number): SnapshotPage {
    let newest = -Infinity;
    const page = ids.map((i) => {
      newest = Math.max(newest, computedAt[i] as number);
      return shown[i] as ScreenerRow;
    });
    return { rows: page, total, computedAt: page.length > 0 ? newest : null };
  }

  /**
   * The page of the listings in `set` (`m` of them, the filters' matches) in the screen's order:
   * the order walked until the page is full (about n × (skip + limit) / m steps), or the matches'
   * positions in it sorted, when that costs fewer steps.
   */
  function pageOfSet(ast: ScreenerQueryAst, set: Uint32Array, m: number): SnapshotPage {
    const end = Math.min(ast.skip + ast.limit, m);
    const ids: number[] = [];
    if (end <= ast.skip) return pageOf(ids, m);
    const { ids: order, positionOf } = permutation(ast.orderBy);
    const walk = (n * end) / m;
    if (m <= sortMatchesMax && m * (Math.log2(m) + 4) + n / 32 < walk) {
      const sorted = positions.subarray(0, writePositions(set, positionOf, positions)).sort();
      for (let p = ast.skip; p < end; p += 1) ids.push(order[sorted[p] as number] as number);
      return pageOf(ids, m);
    }
    let seen = 0;
    for (let k = 0; k < n && seen < end; k += 1) {
      const i = order[k] as number;
      if (!inSet(set, i)) continue;
      if (seen >= ast.skip) ids.push(i);
      seen += 1;
    }
    return pageOf(ids, m);
  }

  return {
    /** How many listings it holds. */
    size: n,

    /**
     * Builds the columns' indexes before the snapshot serves, one column at a time between
     * other work, so that no screen waits for a column's first sort.
     */
    prepare: () =>
      index.prepare(
        // A text of nearly one listing each (names, symbols) is grouped at its first filter.
        FIELDS.filter((field) => field !== 'exchange_ticker' && field !== 'company_name'),
      ),

    /**
     * One page of the screen within `symbols` (null: all) and its match count, or null when a
     * filter must be evaluated by PostgreSQL.
     */
    page(ast: ScreenerQueryAst, symbols: readonly string[] | null): SnapshotPage | null {
      const matched = index.match(ast.filters, symbols === null ? null : idsOf(symbols));
      if (matched) return pageOfSet(ast, matched.set, matched.count);
      const mask = maskOf(ast.filters, symbols);
      if (!mask) return null;
      const order = permutation(ast.orderBy).ids;
      const end = ast.skip + ast.limit;
      const ids: number[] = [];
      let total = 0;
      for (let i = 0; i < n; i += 1) total += mask[i] as number;
      // Only as far along the order as the page reaches.
      let seen = 0;
      for (let k = 0; k < n && seen < end; k += 1) {
        const i = order[k] as number;
        if (mask[i] !== 1) continue;
        if (seen >= ast.skip) ids.push(i);
        seen += 1;
      }
      return pageOf(ids, total);
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
