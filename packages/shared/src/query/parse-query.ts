import { quoted } from './query-errors.ts';
import { buildFilter } from './query-filters.ts';
import { splitQueryKey } from './query-key.ts';
import { parseLimit, parseOnly, parseOrderBy, parseSkip } from './query-reserved.ts';
import { compileSpec, type CompiledSpec } from './query-spec.ts';
import {
  QUERY_LIMITS,
  RESERVED_PARAMS,
  type QueryAst,
  type QueryExtras,
  type QueryFieldName,
  type QueryFilter,
  type QueryInput,
  type QueryParseResult,
  type QueryResourceSpec,
} from './query-types.ts';

/** Options of parseQuery. */
export type ParseQueryOptions = {
  /** The instant relative dates count back from (tests pin it). */
  now?: Date;
};

type Failure = { ok: false; param: string; error: string };
type Groups = { ok: true; groups: Map<string, string[]> } | Failure;

const RESERVED: ReadonlySet<string> = new Set(RESERVED_PARAMS);

const fail = (param: string, error: string): Failure => ({ ok: false, param, error });

/**
 * Parses a query string against a resource's allowlist. Never throws on any input: every
 * problem comes back as `{ ok: false, param, error }` with an English message naming `param`.
 */
export function parseQuery<const S extends QueryResourceSpec>(
  input: QueryInput,
  spec: S,
  options: ParseQueryOptions = {},
): QueryParseResult<QueryFieldName<S>, QueryExtras<S>> {
  const compiled = compileSpec(spec);
  const grouped = groupParams(input);
  if (!grouped.ok) return grouped;
  const now = options.now ?? new Date();
  const query: QueryAst = {
    filters: [],
    orderBy: compiled.defaultOrder,
    skip: 0,
    limit: compiled.defaultLimit,
    only: null,
    extras: {},
  };
  const filters: QueryFilter[] = [];
  for (const [param, raws] of grouped.groups) {
    if (compiled.ignored.has(param) || compiled.extras.has(param)) continue;
    if (RESERVED.has(param)) {
      if (raws.length > 1) return fail(param, `Parameter '${param}' may be given only once`);
      const error = applyReserved(query, param, raws[0] ?? '', compiled);
      if (error !== null) return fail(param, error);
      continue;
    }
    const result = parseFilter(param, raws, compiled, now);
    if (!result.ok) return result;
    filters.push(result.filter);
  }
  query.filters = filters;
  const extras = parseExtras(grouped.groups, compiled);
  if (!extras.ok) return extras;
  query.extras = extras.extras;
  // Every name in `query` was checked against the spec above, which is what the type claims.
  return { ok: true, query: query as never };
}

/** Sets `order_by`, `only`, `skip` or `limit` on the query; returns an error message or null. */
function applyReserved(query: QueryAst, param: string, raw: string, spec: CompiledSpec) {
  switch (param) {
    case 'order_by': {
      const parsed = parseOrderBy(raw, spec);
      if (!parsed.ok) return parsed.error;
      query.orderBy = parsed.value ?? spec.defaultOrder;
      return null;
    }
    case 'only': {
      const parsed = parseOnly(raw, spec);
      if (!parsed.ok) return parsed.error;
      query.only = parsed.value;
      return null;
    }
    default: {
      const parsed = param === 'skip' ? parseSkip(raw) : parseLimit(raw, spec);
      if (!parsed.ok) return parsed.error;
      if (param === 'skip') query.skip = parsed.value;
      else query.limit = parsed.value;
      return null;
    }
  }
}

function parseFilter(param: string, raws: string[], spec: CompiledSpec, now: Date) {
  const key = splitQueryKey(param, spec.namesLongestFirst);
  if (key.kind === 'unknown-field') return fail(param, `Unknown query parameter ${quoted(param)}`);
  if (key.kind === 'unknown-operator') {
    return fail(param, `Unknown operator ${quoted(key.op)} in ${quoted(param)}`);
  }
  const field = spec.fields.get(key.field);
  if (!field) return fail(param, `Unknown query parameter ${quoted(param)}`);
  const result = buildFilter(param, field, key.op, raws, now);
  return result.ok ? result : fail(param, result.error);
}

function parseExtras(groups: Map<string, string[]>, spec: CompiledSpec) {
  const extras: Record<string, unknown> = {};
  for (const [name, schema] of spec.extras) {
    const raws = groups.get(name);
    // Absent extras still go through their schema, so defaults apply and required ones fail.
    const input = raws === undefined ? undefined : raws.length === 1 ? raws[0] : raws;
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message ?? 'is invalid';
      return fail(name, `Invalid '${name}': ${issue}`);
    }
    extras[name] = parsed.data;
  }
  return { ok: true as const, extras };
}

/** Flattens the input into name → values, enforcing the abuse guards on the way. */
function groupParams(input: unknown): Groups {
  const entries = readEntries(input);
  if (!entries.ok) return entries;
  const groups = new Map<string, string[]>();
  for (const [key, value] of entries.entries) {
    if (key.length > QUERY_LIMITS.maxKeyLength) {
      return fail(
        key.slice(0, QUERY_LIMITS.maxKeyLength),
        `Unknown query parameter ${quoted(key)}`,
      );
    }
    if (value.length > QUERY_LIMITS.maxValueLength) {
      const max = QUERY_LIMITS.maxValueLength;
      return fail(key, `Invalid value for ${quoted(key)}: at most ${max} characters are allowed`);
    }
    // PostgreSQL text cannot hold NUL; refuse it here rather than fail in the database.
    if (value.includes('\0')) {
      return fail(key, `Invalid value for ${quoted(key)}: must not contain NUL characters`);
    }
    const values = groups.get(key);
    if (values) values.push(value);
    else groups.set(key, [value]);
  }
  return { ok: true, groups };
}

type Entries = { ok: true; entries: [string, string][] } | Failure;

function readEntries(input: unknown): Entries {
  const entries: [string, string][] = [];
  const add = (key: string, value: unknown): Failure | undefined => {
    if (typeof value !== 'string') return fail(key, `Invalid value for ${quoted(key)}`);
    if (entries.length >= QUERY_LIMITS.maxParams) {
      return fail(key, `Too many query parameters: at most ${QUERY_LIMITS.maxParams} are allowed`);
    }
    entries.push([key, value]);
    return undefined;
  };
  if (input instanceof URLSearchParams) {
    for (const [key, value] of input) {
      const failure = add(key, value);
      if (failure) return failure;
    }
    return { ok: true, entries };
  }
  if (typeof input !== 'object' || input === null) return fail('', 'Invalid query string');
  for (const [key, value] of Object.entries(input)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
      const failure = add(key, item);
      if (failure) return failure;
    }
  }
  return { ok: true, entries };
}
