import { quoted } from './query-errors.ts';
import type { CompiledSpec } from './query-spec.ts';
import { QUERY_LIMITS, type QueryOrder } from './query-types.ts';

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };

const DIGITS = /^\d{1,9}$/;

/** `skip`: an integer from 0 up to a cap, so deep paging cannot make the database scan forever. */
export function parseSkip(raw: string): Parsed<number> {
  return parseBoundedInteger('skip', raw, QUERY_LIMITS.maxSkip);
}

/** `limit`: an integer from 0 to the resource's maximum; out of range is an error, not a clamp. */
export function parseLimit(raw: string, spec: CompiledSpec): Parsed<number> {
  return parseBoundedInteger('limit', raw, spec.maxLimit);
}

function parseBoundedInteger(name: string, raw: string, max: number): Parsed<number> {
  const text = raw.trim();
  const value = DIGITS.test(text) ? Number(text) : Number.NaN;
  if (!(value >= 0 && value <= max)) {
    return { ok: false, error: `Invalid '${name}': must be an integer from 0 to ${max}` };
  }
  return { ok: true, value };
}

/** Splits a comma list, trimming items; an empty value means "not given". */
function terms(raw: string): string[] {
  return raw.trim() === '' ? [] : raw.split(',').map((term) => term.trim());
}

/** `order_by=-creation_date,price`: sortable fields only, `-` for descending, each once. */
export function parseOrderBy(raw: string, spec: CompiledSpec): Parsed<QueryOrder[] | null> {
  const list = terms(raw);
  if (list.length === 0) return { ok: true, value: null };
  const orders: QueryOrder[] = [];
  for (const term of list) {
    const descending = term.startsWith('-');
    const name = descending ? term.slice(1) : term;
    if (!spec.fields.get(name)?.sortable) {
      return { ok: false, error: `Invalid 'order_by': cannot sort by ${quoted(name)}` };
    }
    if (orders.some((order) => order.field === name)) {
      return { ok: false, error: `Invalid 'order_by': ${quoted(name)} is listed twice` };
    }
    orders.push({ field: name, direction: descending ? 'desc' : 'asc' });
  }
  return { ok: true, value: orders };
}

/** `only=ai_summary,ai_upload_date`: projectable fields only; repeats are dropped. */
export function parseOnly(raw: string, spec: CompiledSpec): Parsed<string[] | null> {
  const list = terms(raw);
  if (list.length === 0) return { ok: true, value: null };
  for (const name of list) {
    if (!spec.fields.get(name)?.projectable) {
      return { ok: false, error: `Invalid 'only': cannot select ${quoted(name)}` };
    }
  }
  return { ok: true, value: [...new Set(list)] };
}
