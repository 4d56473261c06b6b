import type { z } from 'zod';

/** Every operator of the query language, as written after `__` in a parameter name. */
export const QUERY_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'gte',
  'lt',
  'lte',
  'in',
  'nin',
  'exists',
  'size',
  'not__size',
  'icontains',
  'istartswith',
  'iendswith',
] as const;

/** One operator name (`not__size` included). */
export type QueryOperator = (typeof QUERY_OPERATORS)[number];

/** How a field's values are read; `string[]` is an array column, `enum` a closed set of strings. */
export type QueryValueType =
  'string' | 'number' | 'integer' | 'boolean' | 'date' | 'enum' | 'string[]';

/** One public field of a resource: its type, what may be done with it. */
export type QueryFieldSpec = {
  type: QueryValueType;
  /** The allowed values of an `enum` field (compared case-sensitively). */
  values?: readonly string[];
  /** Operators accepted on this field; defaults to the usual set for its type. */
  ops?: readonly QueryOperator[];
  /** May appear in `order_by` (default false). */
  sortable?: boolean;
  /** May appear in `only` (default true: a declared field is public). */
  projectable?: boolean;
};

/** Zod schemas of extra non-filter parameters (`no_cache`, `add_financials` …), by name. */
export type QueryExtraSchemas = Readonly<Record<string, z.ZodType>>;

/** The allowlist a resource declares: anything not listed here is a 400. */
export type QueryResourceSpec = {
  fields: Readonly<Record<string, QueryFieldSpec>>;
  /** Order used when `order_by` is absent, in `order_by` syntax (`['-creation_date']`). */
  defaultOrder?: readonly string[];
  /** Rows returned when `limit` is absent (default 20). */
  defaultLimit?: number;
  /** Largest accepted `limit` (default 100). */
  maxLimit?: number;
  extras?: QueryExtraSchemas;
  /** Parameters read elsewhere and skipped here; `key` (the auth token) is always skipped. */
  ignore?: readonly string[];
};

/** A converted filter value (dates are absolute instants; relative ones are resolved at parse time). */
export type QueryScalar = string | number | boolean | Date;

/** One condition; all filters of a query must hold (AND). */
export type QueryFilter<Field extends string = string> =
  | { field: Field; op: 'eq' | 'ne'; value: QueryScalar | null }
  | { field: Field; op: 'gt' | 'gte' | 'lt' | 'lte'; value: string | number | Date }
  | { field: Field; op: 'in' | 'nin'; value: readonly (QueryScalar | null)[] }
  | { field: Field; op: 'exists'; value: boolean }
  | { field: Field; op: 'size' | 'not__size'; value: number }
  | { field: Field; op: 'icontains' | 'istartswith' | 'iendswith'; value: string };

/** One `order_by` term. */
export type QueryOrder<Field extends string = string> = {
  field: Field;
  direction: 'asc' | 'desc';
};

/** A validated query: everything in it names an allowlisted field. */
export type QueryAst<Field extends string = string, Extras = Record<string, unknown>> = {
  filters: readonly QueryFilter<Field>[];
  orderBy: readonly QueryOrder<Field>[];
  skip: number;
  limit: number;
  /** Projected fields, or null for all of them. */
  only: readonly Field[] | null;
  extras: Extras;
};

/** What parseQuery answers: the query, or the first bad parameter and why. */
export type QueryParseResult<Field extends string = string, Extras = Record<string, unknown>> =
  { ok: true; query: QueryAst<Field, Extras> } | { ok: false; param: string; error: string };

/** A query string as URLSearchParams or as a parsed record (Fastify's `request.query`). */
export type QueryInput =
  URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

/** The public field names a spec declares. */
export type QueryFieldName<S extends QueryResourceSpec> = Extract<keyof S['fields'], string>;

/** The typed values of a spec's extra parameters. */
export type QueryExtras<S extends QueryResourceSpec> = S extends {
  extras: infer E extends QueryExtraSchemas;
}
  ? { [K in keyof E]: z.output<E[K]> }
  : Readonly<Record<string, never>>;

/** The query a given spec parses to. */
export type QueryAstOf<S extends QueryResourceSpec> = QueryAst<QueryFieldName<S>, QueryExtras<S>>;

/** Abuse guards: parameters per request, characters per name and value, items per list. */
export const QUERY_LIMITS = {
  maxParams: 50,
  maxKeyLength: 100,
  maxValueLength: 500,
  maxListItems: 200,
  maxSkip: 100_000,
  maxSize: 100_000,
  defaultLimit: 20,
  maxLimit: 100,
} as const;

/** Parameter names with a meaning of their own, never field filters. */
export const RESERVED_PARAMS = ['order_by', 'skip', 'limit', 'only'] as const;

/** The auth token's query parameter (contract compatibility): never a filter. */
export const TOKEN_PARAM = 'key';
