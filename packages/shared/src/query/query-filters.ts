import { invalidValue, quoted } from './query-errors.ts';
import type { ResolvedField } from './query-spec.ts';
import {
  QUERY_LIMITS,
  type QueryFilter,
  type QueryOperator,
  type QueryScalar,
} from './query-types.ts';
import { NULL_VALUE, convertScalar, parseFlag, parseInteger } from './query-values.ts';

/** One converted filter, or the message explaining why its value was refused. */
export type FilterResult = { ok: true; filter: QueryFilter } | { ok: false; error: string };

type Item = QueryScalar | null;
type Items = { ok: true; items: Item[] } | { ok: false; error: string };

const failure = (error: string) => ({ ok: false, error }) as const;
const nullNotAllowed = (param: string) =>
  failure(`Invalid value for ${quoted(param)}: NULL can only be used with eq, ne, in and nin`);

/**
 * Builds one filter from every value given for `param`. A repeated `field=a&field=b` means
 * "any of" (IN) and a repeated `__ne` "none of" (NIN), as the old client's prompt list sends it.
 */
export function buildFilter(
  param: string,
  field: ResolvedField,
  op: QueryOperator,
  raws: readonly string[],
  now: Date,
): FilterResult {
  if (!field.ops.has(op)) {
    return failure(`Operator ${quoted(op)} is not allowed on ${quoted(field.name)}`);
  }
  const name = field.name;
  if (raws.length > 1 && (op === 'eq' || op === 'ne')) {
    const items = convertItems(param, field, raws, now);
    return items.ok
      ? filter({ field: name, op: op === 'eq' ? 'in' : 'nin', value: items.items })
      : items;
  }
  if (raws.length > 1 && op !== 'in' && op !== 'nin') {
    return failure(`Parameter ${quoted(param)} may be given only once`);
  }
  const raw = raws[0] ?? '';
  switch (op) {
    case 'eq':
    case 'ne': {
      if (raw === NULL_VALUE) return filter({ field: name, op, value: null });
      const value = convertScalar(raw, field.spec, now);
      return value.ok
        ? filter({ field: name, op, value: value.value })
        : bad(param, value.expected, raw);
    }
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      if (raw === NULL_VALUE) return nullNotAllowed(param);
      const value = convertScalar(raw, field.spec, now);
      if (!value.ok) return bad(param, value.expected, raw);
      // Booleans never reach here (the type allows no comparison); the check satisfies the type.
      if (typeof value.value === 'boolean') return bad(param, 'a comparable value', raw);
      return filter({ field: name, op, value: value.value });
    }
    case 'in':
    case 'nin': {
      const items = convertItems(param, field, raws.flatMap(splitList), now);
      return items.ok ? filter({ field: name, op, value: items.items }) : items;
    }
    case 'exists': {
      if (raw === NULL_VALUE) return nullNotAllowed(param);
      const value = parseFlag(raw);
      return value === null
        ? bad(param, 'true, false, 1 or 0', raw)
        : filter({ field: name, op, value });
    }
    case 'size':
    case 'not__size': {
      if (raw === NULL_VALUE) return nullNotAllowed(param);
      const value = parseInteger(raw);
      if (value === null || value < 0 || value > QUERY_LIMITS.maxSize) {
        return bad(param, `an integer from 0 to ${QUERY_LIMITS.maxSize}`, raw);
      }
      return filter({ field: name, op, value });
    }
    case 'icontains':
    case 'istartswith':
    case 'iendswith':
      return raw === NULL_VALUE ? nullNotAllowed(param) : filter({ field: name, op, value: raw });
  }
}

const filter = (value: QueryFilter): FilterResult => ({ ok: true, filter: value });
const bad = (param: string, expected: string, raw: string) =>
  failure(invalidValue(param, expected, raw));

/** `a,b` is two items; an empty value is an empty list (commas cannot be escaped). */
function splitList(raw: string): string[] {
  return raw === '' ? [] : raw.split(',').map((item) => item.trim());
}

function convertItems(
  param: string,
  field: ResolvedField,
  raws: readonly string[],
  now: Date,
): Items {
  if (raws.length > QUERY_LIMITS.maxListItems) {
    return failure(
      `Invalid value for ${quoted(param)}: at most ${QUERY_LIMITS.maxListItems} items are allowed`,
    );
  }
  const items: Item[] = [];
  for (const raw of raws) {
    if (raw === NULL_VALUE) {
      items.push(null);
      continue;
    }
    const value = convertScalar(raw, field.spec, now);
    if (!value.ok) return bad(param, value.expected, raw);
    items.push(value.value);
  }
  return { ok: true, items };
}
