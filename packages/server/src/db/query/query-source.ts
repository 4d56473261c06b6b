import type { QueryFieldSpec } from '@app/shared/query/query-types';
import { sql, type RawBuilder } from 'kysely';

/** Where NULLs go when sorting by a source; unset keeps PostgreSQL's default (index friendly). */
export type NullsOrder = 'first' | 'last';

/** Where a public field lives in SQL. Every identifier here is server code, never user input. */
export type QuerySource =
  /**
   * A plain column of the main table. `asText` compares a non-text column (a uuid) as text, so a
   * malformed value matches nothing instead of failing the query.
   */
  | { column: string; nulls?: NullsOrder; asText?: boolean }
  /** A `text[]` column: `eq` means "contains", `in` "overlaps", text matches test any element. */
  | { arrayColumn: string }
  /** A value inside a jsonb column; values of another JSON type read as NULL instead of failing. */
  | {
      json: string;
      path: readonly string[];
      cast: 'text' | 'numeric' | 'boolean';
      nulls?: NullsOrder;
    };

/** A source bound to its table: the SQL expression of its value and the column it reads. */
export type BoundSource = {
  kind: 'column' | 'array' | 'json';
  expression: RawBuilder<unknown>;
  /** The table column the value comes from (the jsonb column for a JSON path). */
  column: string;
  nulls: NullsOrder | undefined;
};

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const JSON_KEY = /^[A-Za-z0-9_]+$/;

/** The JSON cast each value type needs; dates and arrays are not read from JSON. */
const JSON_CASTS: Partial<Record<QueryFieldSpec['type'], 'text' | 'numeric' | 'boolean'>> = {
  string: 'text',
  enum: 'text',
  number: 'numeric',
  integer: 'numeric',
  boolean: 'boolean',
};

/** Checks an identifier from the resource definition (defence in depth: it is ours, not input). */
export function checkIdentifier(name: string, what: string): string {
  if (!IDENTIFIER.test(name)) {
    throw new Error(`query resource: ${what} '${name}' is not an identifier`);
  }
  return name;
}

/** Validates a source against its field's type and builds its SQL expression (throws at startup). */
export function bindSource(
  table: string,
  name: string,
  field: QueryFieldSpec,
  source: QuerySource,
): BoundSource {
  const isArrayField = field.type === 'string[]';
  if ('arrayColumn' in source) {
    if (!isArrayField) throw new Error(`query resource: '${name}' is not a string[] field`);
    const column = checkIdentifier(source.arrayColumn, 'column');
    return { kind: 'array', expression: sql.ref(`${table}.${column}`), column, nulls: undefined };
  }
  if (isArrayField) {
    throw new Error(`query resource: string[] field '${name}' needs an arrayColumn`);
  }
  if ('column' in source) {
    const column = checkIdentifier(source.column, 'column');
    const ref = sql.ref(`${table}.${column}`);
    return {
      kind: 'column',
      expression: source.asText ? sql`${ref}::text` : ref,
      column,
      nulls: source.nulls,
    };
  }
  const column = checkIdentifier(source.json, 'json column');
  if (JSON_CASTS[field.type] !== source.cast) {
    throw new Error(
      `query resource: '${name}' (${field.type}) cannot be read as JSON ${source.cast}`,
    );
  }
  const [last, ...parents] = [...source.path].reverse();
  if (last === undefined || !source.path.every((key) => JSON_KEY.test(key))) {
    throw new Error(`query resource: '${name}' has an invalid JSON path`);
  }
  // Path keys are checked literals, so expression indexes such as ((ai ->> 'classification')) apply.
  const node = parents
    .reverse()
    .reduce<RawBuilder<unknown>>(
      (json, key) => sql`${json} -> ${sql.lit(key)}`,
      sql.ref(`${table}.${column}`),
    );
  if (source.cast === 'text') {
    return {
      kind: 'json',
      expression: sql`(${node} ->> ${sql.lit(last)})`,
      column,
      nulls: source.nulls,
    };
  }
  // A stray "2" (string) where a number belongs reads as missing instead of failing the query.
  const value = sql`${node} -> ${sql.lit(last)}`;
  const jsonType = sql.lit(source.cast === 'numeric' ? 'number' : 'boolean');
  const cast = sql.raw(source.cast);
  const expression = sql`(case when jsonb_typeof(${value}) = ${jsonType} then (${value})::${cast} end)`;
  return { kind: 'json', expression, column, nulls: source.nulls };
}
