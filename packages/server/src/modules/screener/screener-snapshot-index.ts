import type { QueryFilter } from '@app/shared/query/query-types';
import {
  compareNumbers,
  type NumericColumn,
  type TextColumn,
} from './screener-snapshot-filters.ts';

/** A numeric column's known listings in ascending order of value (NaN last, as PostgreSQL). */
type SortedColumn = { ids: Int32Array; values: Float64Array };

/** One filter as a test of a listing: a bound of a numeric column or a set of texts. */
type Check =
  | { kind: 'number'; values: Float64Array; known: Uint8Array; op: 0 | 1 | 2 | 3; v: number }
  | { kind: 'text'; values: readonly (string | null)[]; wanted: ReadonlySet<string> };

/** The listings a filter can keep, read from an index: slices of id arrays, and how many. */
type Candidates = { slices: Int32Array[]; count: number };

const OPS = { gt: 0, gte: 1, lt: 2, lte: 3 } as const;

/** The first position whose value is above `v` (or equal, with `orEqual`); NaN is above all. */
function lowerBound(values: Float64Array, v: number, orEqual: boolean): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const x = values[mid] as number;
    if (x !== x || x > v || (orEqual && x === v)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

function passes(check: Check, i: number): boolean {
  if (check.kind === 'text') {
    const value = check.values[i];
    return value !== null && value !== undefined && check.wanted.has(value);
  }
  if (check.known[i] !== 1) return false;
  const x = check.values[i] as number;
  // NaN is greater than any number, as in PostgreSQL (x !== x only for NaN).
  switch (check.op) {
    case 0:
      return x > check.v || x !== x;
    case 1:
      return x >= check.v || x !== x;
    case 2:
      return x < check.v;
    default:
      return x <= check.v;
  }
}

/**
 * Indexes over the snapshot's columns, built at a column's first use and kept with the snapshot:
 * each numeric column's listings sorted by value, each text column's listings grouped by text.
 * A screen whose filters are all numeric bounds and text equalities reads only the listings of
 * its most selective filter, and tests the others on those alone, instead of passing over every
 * listing once per filter.
 */
export function createSnapshotIndex(size: number, columnOf: (field: string) => unknown) {
  const sorted = new Map<string, SortedColumn>();
  const groups = new Map<string, Map<string, Int32Array>>();
  // Reused by every screen (evaluation is synchronous): no per-request allocation of the size.
  const matched = new Int32Array(size);

  function sortedOf(field: string, column: NumericColumn): SortedColumn {
    const kept = sorted.get(field);
    if (kept) return kept;
    const known: number[] = [];
    for (let i = 0; i < size; i += 1) if (column.known[i] === 1) known.push(i);
    const ids = Int32Array.from(known).sort(
      (a, b) => compareNumbers(column.values[a] as number, column.values[b] as number) || a - b,
    );
    const values = Float64Array.from(ids, (i) => column.values[i] as number);
    const made = { ids, values };
    sorted.set(field, made);
    return made;
  }

  function groupsOf(field: string, column: TextColumn): Map<string, Int32Array> {
    const kept = groups.get(field);
    if (kept) return kept;
    const lists = new Map<string, number[]>();
    column.values.forEach((value, i) => {
      if (value === null) return;
      const list = lists.get(value);
      if (list) list.push(i);
      else lists.set(value, [i]);
    });
    const made = new Map([...lists].map(([value, ids]) => [value, Int32Array.from(ids)]));
    groups.set(field, made);
    return made;
  }

  /** The filter as a test and the listings its index gives, or null (not indexed). */
  function plan(filter: QueryFilter): { check: Check; candidates: Candidates } | null {
    const column = columnOf(filter.field) as NumericColumn | TextColumn;
    if (column.kind === 'number') {
      if (filter.op !== 'gt' && filter.op !== 'gte' && filter.op !== 'lt' && filter.op !== 'lte')
        return null;
      const v = filter.value;
      if (typeof v !== 'number' || !Number.isFinite(v)) return null;
      const index = sortedOf(filter.field, column);
      const [from, to] =
        filter.op === 'gt' || filter.op === 'gte'
          ? [lowerBound(index.values, v, filter.op === 'gte'), index.ids.length]
          : [0, lowerBound(index.values, v, filter.op === 'lt')];
      const { values, known } = column;
      const check: Check = { kind: 'number', values, known, op: OPS[filter.op], v };
      return { check, candidates: { slices: [index.ids.subarray(from, to)], count: to - from } };
    }
    const texts =
      filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? [...filter.value] : null;
    if (!texts?.every((text): text is string => typeof text === 'string')) return null;
    const wanted = new Set(texts);
    const byText = groupsOf(filter.field, column);
    const slices = [...wanted].flatMap((text) => byText.get(text) ?? []);
    const count = slices.reduce((sum, slice) => sum + slice.length, 0);
    return {
      check: { kind: 'text', values: column.values, wanted },
      candidates: { slices, count },
    };
  }

  return {
    /**
     * The listings (ids, in a buffer valid until the next call) within `within` (null: all) that
     * every filter keeps, or null when a filter has no index (the caller passes over them all).
     */
    match(filters: readonly QueryFilter[], within: Int32Array | null): Int32Array | null {
      const plans = [];
      for (const filter of filters) {
        const planned = plan(filter);
        if (!planned) return null;
        plans.push(planned);
      }
      // A caller's own listings are few: they are the candidates, whatever the filters.
      let source: Candidates | null = within ? { slices: [within], count: within.length } : null;
      for (const { candidates } of within ? [] : plans) {
        if (!source || candidates.count < source.count) source = candidates;
      }
      const checks = plans.map((planned) => planned.check);
      let m = 0;
      if (!source) {
        for (let i = 0; i < size; i += 1) matched[m++] = i;
        return matched.subarray(0, m);
      }
      for (const slice of source.slices) {
        for (let k = 0; k < slice.length; k += 1) {
          const i = slice[k] as number;
          let keep = true;
          for (const check of checks) {
            if (!passes(check, i)) {
              keep = false;
              break;
            }
          }
          if (keep) matched[m++] = i;
        }
      }
      return matched.subarray(0, m);
    },
  };
}
