import type { QueryFilter, QueryScalar, QueryValueType } from '@app/shared/query/query-types';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { BoundSource } from './query-source.ts';

/**
 * The SQL type each value is bound as. Explicit casts keep PostgreSQL from guessing a parameter's
 * type from the column (an int4 column would turn a large number into a 500 instead of no rows).
 */
const PARAM_TYPES: Readonly<Record<QueryValueType, string>> = {
  string: 'text',
  enum: 'text',
  'string[]': 'text',
  number: 'numeric',
  integer: 'bigint',
  boolean: 'boolean',
  date: 'timestamptz',
};

const COMPARISONS = { gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Escapes LIKE wildcards so user text always matches literally (paired with ESCAPE '\'). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function likePattern(op: 'icontains' | 'istartswith' | 'iendswith', text: string): string {
  const escaped = escapeLike(text);
  if (op === 'istartswith') return `${escaped}%`;
  if (op === 'iendswith') return `%${escaped}`;
  return `%${escaped}%`;
}

/** Compiles one filter to a boolean SQL expression with every value bound as a parameter. */
export function compileFilter(
  filter: QueryFilter,
  type: QueryValueType,
  source: BoundSource,
): RawBuilder<SqlBool> {
  const x = source.expression;
  const isArray = source.kind === 'array';
  const castAs = sql.raw(PARAM_TYPES[type]);
  const value = (v: QueryScalar) => sql`${v}::${castAs}`;
  switch (filter.op) {
    case 'eq':
      if (filter.value === null) return sql`${x} is null`;
      return isArray ? sql`${value(filter.value)} = any(${x})` : sql`${x} = ${value(filter.value)}`;
    case 'ne':
      if (filter.value === null) return sql`${x} is not null`;
      // Like the old API, "not equal" includes rows where the field is missing.
      return isArray
        ? sql`not coalesce(${value(filter.value)} = any(${x}), false)`
        : sql`${x} is distinct from ${value(filter.value)}`;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return sql`${x} ${sql.raw(COMPARISONS[filter.op])} ${value(filter.value)}`;
    case 'in':
    case 'nin': {
      const values = filter.value.filter((item) => item !== null);
      const withNull = values.length < filter.value.length;
      const list = sql`${values}::${castAs}[]`;
      const matches = isArray
        ? sql<SqlBool>`coalesce(${x} && ${list}, false)`
        : sql<SqlBool>`coalesce(${x} = any(${list}), false)`;
      if (filter.op === 'in') return withNull ? sql`(${matches} or ${x} is null)` : matches;
      // "Not in" includes missing values unless NULL itself is listed, as `ne` does.
      return withNull ? sql`(not ${matches} and ${x} is not null)` : sql`not ${matches}`;
    }
    case 'exists':
      return filter.value ? sql`${x} is not null` : sql`${x} is null`;
    case 'size':
    case 'not__size': {
      // A missing array has no elements: `not__size=0` then means "has at least one".
      const size = sql`coalesce(cardinality(${x}), 0)`;
      const op = sql.raw(filter.op === 'size' ? '=' : '<>');
      return sql`${size} ${op} ${filter.value}::integer`;
    }
    case 'icontains':
    case 'istartswith':
    case 'iendswith': {
      const pattern = sql`${likePattern(filter.op, filter.value)}::text`;
      return isArray
        ? sql`exists (select 1 from unnest(${x}) as elements(element) where element ilike ${pattern} escape '\\')`
        : sql`${x} ilike ${pattern} escape '\\'`;
    }
  }
}
