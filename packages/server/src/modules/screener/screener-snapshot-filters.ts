import type { QueryFilter } from '@app/shared/query/query-types';

/** The snapshot's columns: a numeric one (unknown where `known` is 0), a text one with ranks. */
export type NumericColumn = { kind: 'number'; values: Float64Array; known: Uint8Array };
export type TextColumn = {
  kind: 'text';
  values: readonly (string | null)[];
  rank: Int32Array;
  lower: readonly string[] | undefined;
};

/** PostgreSQL orders NaN above every other float8 and equal to itself. */
export function compareNumbers(a: number, b: number): number {
  if (Number.isNaN(a)) return Number.isNaN(b) ? 0 : 1;
  if (Number.isNaN(b)) return -1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Clears, in a mask of the listings, every listing a filter leaves out. */
export type Narrow = (mask: Uint8Array) => void;

/**
 * Keeps the listings whose `test(i)` holds. The common filters (numeric ranges, text equality)
 * write their own loop instead: one shared loop calling many different tests is not inlined by
 * V8 and is several times slower.
 */
const narrowBy =
  (test: (i: number) => boolean): Narrow =>
  (mask) => {
    for (let i = 0; i < mask.length; i += 1) if (mask[i] === 1 && !test(i)) mask[i] = 0;
  };

export function numericFilter(column: NumericColumn, filter: QueryFilter): Narrow | null {
  const { values, known } = column;
  if (filter.op === 'exists') {
    const want = filter.value ? 1 : 0;
    return narrowBy((i) => known[i] === want);
  }
  const v = filter.value;
  if (typeof v !== 'number' || !Number.isFinite(v)) return null;
  // NaN is greater than any number, as in PostgreSQL (x !== x only for NaN).
  switch (filter.op) {
    case 'gt':
      return (mask) => {
        for (let i = 0; i < mask.length; i += 1) {
          const x = values[i] as number;
          if (mask[i] === 1 && !(known[i] === 1 && (x > v || x !== x))) mask[i] = 0;
        }
      };
    case 'gte':
      return (mask) => {
        for (let i = 0; i < mask.length; i += 1) {
          const x = values[i] as number;
          if (mask[i] === 1 && !(known[i] === 1 && (x >= v || x !== x))) mask[i] = 0;
        }
      };
    case 'lt':
      return (mask) => {
        for (let i = 0; i < mask.length; i += 1) {
          if (mask[i] === 1 && !(known[i] === 1 && (values[i] as number) < v)) mask[i] = 0;
        }
      };
    case 'lte':
      return (mask) => {
        for (let i = 0; i < mask.length; i += 1) {
          if (mask[i] === 1 && !(known[i] === 1 && (values[i] as number) <= v)) mask[i] = 0;
        }
      };
    default:
      return null;
  }
}

const isAscii = (text: string) => /^[\x20-\x7e]*$/.test(text);

export function textFilter(
  column: TextColumn,
  filter: QueryFilter,
  asciiFold: boolean,
): Narrow | null {
  const { values } = column;
  switch (filter.op) {
    case 'eq': {
      const v = filter.value;
      if (v === null) return narrowBy((i) => values[i] === null);
      if (typeof v !== 'string') return null;
      return (mask) => {
        for (let i = 0; i < mask.length; i += 1) if (mask[i] === 1 && values[i] !== v) mask[i] = 0;
      };
    }
    case 'ne': {
      const v = filter.value;
      if (v === null) return narrowBy((i) => values[i] !== null);
      return typeof v === 'string' ? narrowBy((i) => values[i] !== v) : null;
    }
    case 'in':
    case 'nin': {
      const listed = filter.value.filter((item) => item !== null);
      if (!listed.every((item) => typeof item === 'string')) return null;
      const set = new Set<string | null>(listed);
      const withNull = listed.length < filter.value.length;
      const matches = (i: number) => values[i] !== null && set.has(values[i] ?? null);
      if (filter.op === 'in') {
        return narrowBy(withNull ? (i) => matches(i) || values[i] === null : matches);
      }
      return narrowBy(withNull ? (i) => !matches(i) && values[i] !== null : (i) => !matches(i));
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
      return narrowBy((i) => values[i] !== null && test(lower[i] ?? ''));
    }
    default:
      return null;
  }
}
