import type { QueryFilter } from '@app/shared/query/query-types';
import {
  compareNumbers,
  type NumericColumn,
  type TextColumn,
} from './screener-snapshot-filters.ts';

/**
 * Positions of a sorted column between two kept prefix sets. A range of positions costs one pass
 * over the set's words plus at most two blocks of single listings at its ends.
 */
const BLOCK = 1_024;

/**
 * A numeric column's known listings in ascending order of value (NaN last, as PostgreSQL), each
 * listing's position in that order (-1: unknown), and the prefix sets: `prefixes[k]` holds the
 * listings at positions below k × block.
 */
type SortedColumn = {
  ids: Int32Array;
  values: Float64Array;
  positionOf: Int32Array;
  prefixes: Uint32Array[];
};

/** A text column's listings by text, and as a set too when the column has few texts. */
type Grouped = Map<string, { ids: Int32Array; set: Uint32Array | null }>;

/** A text column of at most this many texts keeps each one's listings as a set too. */
const GROUP_SETS_MAX = 256;

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

/** Listings counted in a set (a bit per listing in 32-bit words). */
export function countSet(set: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < set.length; w += 1) {
    let v = set[w] as number;
    v -= (v >>> 1) & 0x55555555;
    v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
    count += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
  }
  return count;
}

/** Whether listing `i` is in the set. */
export const inSet = (set: Uint32Array, i: number) =>
  ((set[i >>> 5] as number) & (1 << (i & 31))) !== 0;

/** Writes into `out` the `positionOf` of each listing in the set; returns how many. */
export function writePositions(set: Uint32Array, positionOf: Int32Array, out: Int32Array): number {
  let k = 0;
  for (let w = 0; w < set.length; w += 1) {
    let word = set[w] as number;
    while (word !== 0) {
      const low = word & -word;
      out[k] = positionOf[w * 32 + 31 - Math.clz32(low)] as number;
      k += 1;
      word ^= low;
    }
  }
  return k;
}

/**
 * Indexes over the snapshot's columns, kept with the snapshot: each numeric column's listings
 * sorted by value with prefix sets of that order, each text column's listings grouped by text.
 * A screen whose filters are all numeric bounds and text equalities is evaluated on sets of
 * listings (a bit each, 6 KiB for 50,000 listings, held in the processor's first-level cache):
 * a bound is the difference of two prefix sets and the few listings at its ends, a text the
 * listings of its groups, and the filters' intersection is a pass over the words, instead of
 * testing each candidate listing against arrays of the whole column. `block` is for tests.
 */
export function createSnapshotIndex(
  size: number,
  columnOf: (field: string) => unknown,
  options: { block?: number } = {},
) {
  const block = options.block ?? BLOCK;
  const words = Math.ceil(size / 32);
  const sorted = new Map<string, SortedColumn>();
  const groups = new Map<string, Grouped>();
  // Reused by every screen (evaluation is synchronous): no per-request allocation.
  const matched = new Uint32Array(words);
  const scratch = new Uint32Array(words);

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
    const prefixes: Uint32Array[] = [];
    const running = new Uint32Array(words);
    for (let position = 0; position <= ids.length; position += 1) {
      if (position % block === 0) prefixes.push(running.slice());
      if (position === ids.length) break;
      const i = ids[position] as number;
      positionOf[i] = position;
      running[i >>> 5] = (running[i >>> 5] as number) | (1 << (i & 31));
    }
    const made = { ids, values, positionOf, prefixes };
    sorted.set(field, made);
    return made;
  }

  function groupsOf(field: string, column: TextColumn): Grouped {
    const kept = groups.get(field);
    if (kept) return kept;
    const lists = new Map<string, number[]>();
    column.values.forEach((value, i) => {
      if (value === null) return;
      let list = lists.get(value);
      if (!list) lists.set(value, (list = []));
      list.push(i);
    });
    const sets = lists.size <= GROUP_SETS_MAX;
    const made: Grouped = new Map();
    for (const [value, list] of lists) {
      const ids = Int32Array.from(list);
      let set: Uint32Array | null = null;
      if (sets) {
        set = new Uint32Array(words);
        for (const i of list) set[i >>> 5] = (set[i >>> 5] as number) | (1 << (i & 31));
      }
      made.set(value, { ids, set });
    }
    groups.set(field, made);
    return made;
  }

  /** Writes into `out` the listings at positions from `from` to `to` (excluded) of `index`. */
  function rangeInto(out: Uint32Array, index: SortedColumn, from: number, to: number) {
    const { ids } = index;
    const low = Math.floor(from / block);
    const high = Math.floor(to / block);
    const ends = to - high * block + (from - low * block);
    if (to - from <= ends) {
      out.fill(0);
      for (let p = from; p < to; p += 1) {
        const i = ids[p] as number;
        out[i >>> 5] = (out[i >>> 5] as number) | (1 << (i & 31));
      }
      return;
    }
    const below = index.prefixes[low] as Uint32Array;
    const above = index.prefixes[high] as Uint32Array;
    for (let w = 0; w < words; w += 1) out[w] = (above[w] as number) & ~(below[w] as number);
    for (let p = high * block; p < to; p += 1) {
      const i = ids[p] as number;
      out[i >>> 5] = (out[i >>> 5] as number) | (1 << (i & 31));
    }
    for (let p = low * block; p < from; p += 1) {
      const i = ids[p] as number;
      out[i >>> 5] = (out[i >>> 5] as number) & ~(1 << (i & 31));
    }
  }

  /** Writes into `out` the listings the filter keeps; false when it has no index. */
  function filterInto(out: Uint32Array, filter: QueryFilter): boolean {
    const column = columnOf(filter.field) as NumericColumn | TextColumn;
    if (column.kind === 'number') {
      if (filter.op !== 'gt' && filter.op !== 'gte' && filter.op !== 'lt' && filter.op !== 'lte')
        return false;
      const v = filter.value;
      if (typeof v !== 'number' || !Number.isFinite(v)) return false;
      const index = sortedOf(filter.field, column);
      const [from, to] =
        filter.op === 'gt' || filter.op === 'gte'
          ? [lowerBound(index.values, v, filter.op === 'gte'), index.ids.length]
          : [0, lowerBound(index.values, v, filter.op === 'lt')];
      rangeInto(out, index, from, to);
      return true;
    }
    const texts =
      filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? [...filter.value] : null;
    if (!texts?.every((text): text is string => typeof text === 'string')) return false;
    const grouped = groupsOf(filter.field, column);
    out.fill(0);
    for (const text of new Set(texts)) {
      const group = grouped.get(text);
      if (!group) continue;
      const { set, ids } = group;
      if (set) {
        for (let w = 0; w < words; w += 1) out[w] = (out[w] as number) | (set[w] as number);
        continue;
      }
      for (let k = 0; k < ids.length; k += 1) {
        const i = ids[k] as number;
        out[i >>> 5] = (out[i >>> 5] as number) | (1 << (i & 31));
      }
    }
    return true;
  }

  /** Whether every filter has an index (then `match` answers). */
  function indexed(filter: QueryFilter): boolean {
    const column = columnOf(filter.field) as NumericColumn | TextColumn;
    if (column.kind === 'number') {
      const ranged =
        filter.op === 'gt' || filter.op === 'gte' || filter.op === 'lt' || filter.op === 'lte';
      return ranged && typeof filter.value === 'number' && Number.isFinite(filter.value);
    }
    const texts =
      filter.op === 'eq' ? [filter.value] : filter.op === 'in' ? [...filter.value] : null;
    return texts?.every((text) => typeof text === 'string') ?? false;
  }

  return {
    /**
     * Builds every index of `fields` not built yet, one column at a time, letting the process
     * answer between columns (a column's sort takes tens of milliseconds).
     */
    async prepare(fields: readonly string[]): Promise<void> {
      for (const field of fields) {
        const column = columnOf(field) as NumericColumn | TextColumn;
        if (column.kind === 'number') sortedOf(field, column);
        else groupsOf(field, column);
        await new Promise((resolve) => setImmediate(resolve));
      }
    },

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
     * The listings (a set, in a buffer valid until the next call) within `within` (null: all)
     * that every filter keeps, and how many; or null when a filter has no index (the caller
     * passes over every listing).
     */
    match(
      filters: readonly QueryFilter[],
      within: Int32Array | null,
    ): { set: Uint32Array; count: number } | null {
      if (!filters.every(indexed)) return null;
      let first = true;
      if (within) {
        matched.fill(0);
        for (const i of within) matched[i >>> 5] = (matched[i >>> 5] as number) | (1 << (i & 31));
        first = false;
      }
      for (const filter of filters) {
        filterInto(first ? matched : scratch, filter);
        if (!first) {
          for (let w = 0; w < words; w += 1) {
            matched[w] = (matched[w] as number) & (scratch[w] as number);
          }
        }
        first = false;
      }
      if (first) {
        matched.fill(0xffffffff);
        // Bits past the last listing stay clear.
        if (size % 32 !== 0) matched[words - 1] = (1 << (size % 32)) - 1;
      }
      return { set: matched, count: countSet(matched) };
    },
  };
}
