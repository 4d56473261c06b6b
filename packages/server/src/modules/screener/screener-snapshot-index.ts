import type { QueryFilter } from '@app/shared/query/query-types';
import {
  compareNumbers,
  type NumericColumn,
  type TextColumn,
} from './screener-snapshot-filters.ts';

/**
 * A numeric column's known listings in ascending order of value (NaN last, as PostgreSQL), and
 * each listing's position in that order (-1: unknown).
 */
type SortedColumn = { ids: Int32Array; values: Float64Array; positionOf: Int32Array };

/**
 * One filter as a test of a listing, both on integers: a bound of a numeric column is a range of
 * positions in its sorted order; a set of texts is a set of group numbers (one per exact text).
 */
type Check =
  | { kind: 'range'; positionOf: Int32Array; from: number; to: number }
  | { kind: 'groups'; groupOf: Int32Array; wanted: Int32Array };

/** A text column's listings by text: each text's group number and listings, each listing's group. */
type Grouped = { byText: Map<string, { group: number; ids: Int32Array }>; groupOf: Int32Array };

/** The listings a filter can keep, read from an index: slices of id arrays, and how many. */
type Candidates = { slices: Int32Array[]; count: number };

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

/**
 * Keeps, of the first `m` listings of `ids`, those the check passes, in place; returns how many.
 * One loop per kind of check over typed arrays: V8 keeps each monomorphic and tight.
 */
function keep(check: Check, ids: Int32Array, m: number): number {
  let w = 0;
  if (check.kind === 'range') {
    const { positionOf, from, to } = check;
    for (let k = 0; k < m; k += 1) {
      const i = ids[k] as number;
      const p = positionOf[i] as number;
      if (p >= from && p < to) ids[w++] = i;
    }
    return w;
  }
  const { groupOf, wanted } = check;
  if (wanted.length === 1) {
    const g = wanted[0] as number;
    for (let k = 0; k < m; k += 1) {
      const i = ids[k] as number;
      if (groupOf[i] === g) ids[w++] = i;
    }
    return w;
  }
  for (let k = 0; k < m; k += 1) {
    const i = ids[k] as number;
    const r = groupOf[i] as number;
    for (let j = 0; j < wanted.length; j += 1) {
      if (wanted[j] === r) {
        ids[w++] = i;
        break;
      }
    }
  }
  return w;
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
  const groups = new Map<string, Grouped>();
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
    const positionOf = new Int32Array(size).fill(-1);
    ids.forEach((i, position) => {
      positionOf[i] = position;
    });
    const made = { ids, values, positionOf };
    sorted.set(field, made);
    return made;
  }

  function groupsOf(field: string, column: TextColumn): Grouped {
    const kept = groups.get(field);
    if (kept) return kept;
    const lists = new Map<string, { group: number; ids: number[] }>();
    const groupOf = new Int32Array(size).fill(-1);
    column.values.forEach((value, i) => {
      if (value === null) return;
      let entry = lists.get(value);
      if (!entry) {
        entry = { group: lists.size, ids: [] };
        lists.set(value, entry);
      }
      groupOf[i] = entry.group;
      entry.ids.push(i);
    });
    const byText = new Map(
      [...lists].map(([value, { group, ids }]) => [value, { group, ids: Int32Array.from(ids) }]),
    );
    const made = { byText, groupOf };
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
      const check: Check = { kind: 'range', positionOf: index.positionOf, from, to };
      return { check, candidates: { slices: [index.ids.subarray(from, to)], count: to - from } };
    }
    const texts =
      filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? [...filter.value] : null;
    if (!texts?.every((text): text is string => typeof text === 'string')) return null;
    const { byText, groupOf } = groupsOf(filter.field, column);
    const found = [...new Set(texts)].flatMap((text) => byText.get(text) ?? []);
    return {
      check: { kind: 'groups', groupOf, wanted: Int32Array.from(found, (each) => each.group) },
      candidates: {
        slices: found.map((each) => each.ids),
        count: found.reduce((sum, each) => sum + each.ids.length, 0),
      },
    };
  }

  return {
    /**
     * Every listing in the order of one numeric column then the tiebreaker, both `desc` or not,
     * unknown values last or first. A listing's id is its rank by the tiebreaker, so the sorted
     * index (value, then id) is the known listings' order ascending and its reverse descending.
     */
    numberOrder(field: string, column: NumericColumn, desc: boolean, nullsLast: boolean) {
      const { ids } = sortedOf(field, column);
      const unknown: number[] = [];
      for (let i = 0; i < size; i += 1) if (column.known[i] !== 1) unknown.push(i);
      const known = desc ? ids.slice().reverse() : ids;
      const rest = Int32Array.from(desc ? unknown.reverse() : unknown);
      const order = new Int32Array(size);
      order.set(nullsLast ? known : rest, 0);
      order.set(nullsLast ? rest : known, nullsLast ? known.length : rest.length);
      return order;
    },

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
      let m = 0;
      if (!source) {
        for (let i = 0; i < size; i += 1) matched[m++] = i;
        return matched.subarray(0, m);
      }
      for (const slice of source.slices) {
        matched.set(slice, m);
        m += slice.length;
      }
      // Each other filter narrows the candidates in one pass (the source's own filter holds).
      for (const planned of plans) {
        if (planned.candidates !== source) m = keep(planned.check, matched, m);
      }
      return matched.subarray(0, m);
    },
  };
}
