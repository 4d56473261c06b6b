import {
  QUERY_LIMITS,
  RESERVED_PARAMS,
  TOKEN_PARAM,
  type QueryFieldSpec,
  type QueryOperator,
  type QueryOrder,
  type QueryResourceSpec,
  type QueryValueType,
} from './query-types.ts';

const COMPARISONS: readonly QueryOperator[] = ['gt', 'gte', 'lt', 'lte'];
const TEXT_MATCHES: readonly QueryOperator[] = ['icontains', 'istartswith', 'iendswith'];
const EQUALITY: readonly QueryOperator[] = ['eq', 'ne', 'in', 'nin', 'exists'];

/** Operators that make sense for each type; a spec may narrow them but never widen them. */
export const OPERATORS_BY_TYPE: Readonly<Record<QueryValueType, readonly QueryOperator[]>> = {
  string: [...EQUALITY, ...COMPARISONS, ...TEXT_MATCHES],
  enum: EQUALITY,
  number: [...EQUALITY, ...COMPARISONS],
  integer: [...EQUALITY, ...COMPARISONS],
  date: [...EQUALITY, ...COMPARISONS],
  boolean: ['eq', 'ne', 'exists'],
  'string[]': [...EQUALITY, 'size', 'not__size', ...TEXT_MATCHES],
};

/** Operators a field gets when its spec lists none (strings are not range-compared by default). */
const DEFAULT_OPERATORS: Readonly<Record<QueryValueType, readonly QueryOperator[]>> = {
  ...OPERATORS_BY_TYPE,
  string: [...EQUALITY, ...TEXT_MATCHES],
};

/** A field with its defaults filled in. */
export type ResolvedField = {
  name: string;
  spec: QueryFieldSpec;
  ops: ReadonlySet<QueryOperator>;
  sortable: boolean;
  projectable: boolean;
};

/** A spec prepared for parsing: lookups that cannot hit Object.prototype, names longest first. */
export type CompiledSpec = {
  fields: ReadonlyMap<string, ResolvedField>;
  namesLongestFirst: readonly string[];
  defaultOrder: readonly QueryOrder[];
  defaultLimit: number;
  maxLimit: number;
  extras: ReadonlyMap<string, NonNullable<QueryResourceSpec['extras']>[string]>;
  ignored: ReadonlySet<string>;
};

const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;
const compiled = new WeakMap<QueryResourceSpec, CompiledSpec>();

/** Declares a resource's query allowlist; a malformed spec throws here, at module load. */
export function defineQuerySpec<const S extends QueryResourceSpec>(spec: S): S {
  compileSpec(spec);
  return spec;
}

/** Validates a spec once and caches its lookup form. */
export function compileSpec(spec: QueryResourceSpec): CompiledSpec {
  const cached = compiled.get(spec);
  if (cached) return cached;
  const taken = new Set<string>([...RESERVED_PARAMS, TOKEN_PARAM]);
  const fields = new Map<string, ResolvedField>();
  for (const [name, field] of Object.entries(spec.fields)) {
    claim(taken, name, 'field');
    fields.set(name, resolveField(name, field));
  }
  const extras = new Map(Object.entries(spec.extras ?? {}));
  for (const name of extras.keys()) claim(taken, name, 'extra parameter');
  for (const name of spec.ignore ?? []) claim(taken, name, 'ignored parameter');

  const maxLimit = spec.maxLimit ?? QUERY_LIMITS.maxLimit;
  const defaultLimit = spec.defaultLimit ?? QUERY_LIMITS.defaultLimit;
  if (!Number.isInteger(maxLimit) || maxLimit < 1 || maxLimit > 1000) {
    throw new Error(`query spec: maxLimit must be an integer from 1 to 1000`);
  }
  if (!Number.isInteger(defaultLimit) || defaultLimit < 0 || defaultLimit > maxLimit) {
    throw new Error(`query spec: defaultLimit must be an integer from 0 to maxLimit`);
  }
  const defaultOrder = (spec.defaultOrder ?? []).map((term) => {
    const direction = term.startsWith('-') ? 'desc' : 'asc';
    const field = term.replace(/^-/, '');
    if (!fields.get(field)?.sortable) {
      throw new Error(`query spec: default order '${term}' is not a sortable field`);
    }
    return { field, direction } as const;
  });

  const result: CompiledSpec = {
    fields,
    namesLongestFirst: [...fields.keys()].sort((a, b) => b.length - a.length),
    defaultOrder,
    defaultLimit,
    maxLimit,
    extras,
    ignored: new Set([TOKEN_PARAM, ...(spec.ignore ?? [])]),
  };
  compiled.set(spec, result);
  return result;
}

function claim(taken: Set<string>, name: string, what: string) {
  if (taken.has(name))
    throw new Error(`query spec: ${what} '${name}' is declared twice or reserved`);
  taken.add(name);
}

function resolveField(name: string, field: QueryFieldSpec): ResolvedField {
  // `__` separates operators, so a name may not end in one nor in `_` (which would read as `___op`).
  if (!FIELD_NAME.test(name) || name.endsWith('_')) {
    throw new Error(`query spec: field name '${name}' is not a plain identifier`);
  }
  if ((field.type === 'enum') !== (field.values !== undefined)) {
    throw new Error(`query spec: field '${name}' must list values if and only if it is an enum`);
  }
  if (field.values?.length === 0) throw new Error(`query spec: enum '${name}' has no values`);
  const allowed = OPERATORS_BY_TYPE[field.type];
  const ops = field.ops ?? DEFAULT_OPERATORS[field.type];
  for (const op of ops) {
    if (!allowed.includes(op)) {
      throw new Error(`query spec: operator '${op}' cannot apply to ${field.type} field '${name}'`);
    }
  }
  return {
    name,
    spec: field,
    ops: new Set(ops),
    sortable: field.sortable ?? false,
    projectable: field.projectable ?? true,
  };
}
