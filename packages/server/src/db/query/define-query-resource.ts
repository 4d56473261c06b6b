import { parseQuery, type ParseQueryOptions } from '@app/shared/query/parse-query';
import { compileSpec } from '@app/shared/query/query-spec';
import type {
  QueryAstOf,
  QueryFieldName,
  QueryInput,
  QueryOrder,
  QueryResourceSpec,
  QueryValueType,
} from '@app/shared/query/query-types';
import {
  sql,
  type OrderByItemBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import { badRequest } from '../../http/errors.ts';
import { compileFilter } from './compile-filter.ts';
import { bindSource, checkIdentifier, type BoundSource, type QuerySource } from './query-source.ts';

/** What defineQueryResource needs: the shared spec and where each field lives in SQL. */
export type QueryResourceConfig<S extends QueryResourceSpec> = {
  /** The shared allowlist (what the client may ask). */
  spec: S;
  /** The table (or alias) the query builder selects from. */
  table: string;
  /** Where each public field lives; the type demands one for every field of the spec. */
  sources: { readonly [K in QueryFieldName<S>]: QuerySource };
  /** A unique column appended to every ORDER BY, so pages never overlap or skip rows. */
  tiebreaker?: string;
};

/** A resource's query language bound to SQL. */
export type QueryResource<S extends QueryResourceSpec> = {
  readonly spec: S;
  /** Parses `request.query`; a bad parameter throws a 400 AppError naming it. */
  parse(query: unknown, options?: ParseQueryOptions): QueryAstOf<S>;
  /** The filters as one boolean expression (for SELECT, UPDATE, DELETE or count queries). */
  where(ast: QueryAstOf<S>): RawBuilder<SqlBool>;
  /** Adds WHERE, ORDER BY (with the tiebreaker), OFFSET and LIMIT to a select. */
  apply<DB, TB extends keyof DB, O>(
    qb: SelectQueryBuilder<DB, TB, O>,
    ast: QueryAstOf<S>,
  ): SelectQueryBuilder<DB, TB, O>;
  /** Columns holding the `only` fields (deduplicated), or null when every field is wanted. */
  projectedColumns(ast: QueryAstOf<S>): readonly string[] | null;
};

/** Binds a shared query spec to a table; misconfiguration throws at startup, not per request. */
export function defineQueryResource<const S extends QueryResourceSpec>(
  config: QueryResourceConfig<S>,
): QueryResource<S> {
  const { spec } = config;
  const compiled = compileSpec(spec);
  const table = checkIdentifier(config.table, 'table');
  const tiebreaker =
    config.tiebreaker === undefined ? undefined : checkIdentifier(config.tiebreaker, 'tiebreaker');
  const sources: Readonly<Record<string, QuerySource | undefined>> = config.sources;
  const bound = new Map<string, { source: BoundSource; type: QueryValueType }>();
  for (const [name, field] of compiled.fields) {
    const source = Object.hasOwn(sources, name) ? sources[name] : undefined;
    if (!source) throw new Error(`query resource: field '${name}' has no source`);
    bound.set(name, { source: bindSource(table, name, field.spec, source), type: field.spec.type });
  }
  const lookup = (name: string) => {
    const entry = bound.get(name);
    // Unreachable: the parser only lets allowlisted names through.
    if (!entry) throw new Error(`query resource: unknown field '${name}'`);
    return entry;
  };

  const where = (ast: QueryAstOf<S>): RawBuilder<SqlBool> => {
    const conditions = ast.filters.map((filter) => {
      const { source, type } = lookup(filter.field);
      return compileFilter(filter, type, source);
    });
    return conditions.length === 0
      ? sql<SqlBool>`true`
      : sql<SqlBool>`(${sql.join(conditions, sql` and `)})`;
  };

  const orderTerms = (orderBy: readonly QueryOrder[]) => {
    const terms = orderBy.map((order) => ({
      ...lookup(order.field).source,
      direction: order.direction,
    }));
    const hasTiebreaker = terms.some(
      (term) => term.kind === 'column' && term.column === tiebreaker,
    );
    if (tiebreaker && !hasTiebreaker) {
      // Same direction as the main sort, so an index on (sort column, id) serves both.
      const direction = terms[0]?.direction ?? 'asc';
      const expression = sql.ref(`${table}.${tiebreaker}`);
      terms.push({ kind: 'column', expression, column: tiebreaker, nulls: undefined, direction });
    }
    return terms;
  };

  return {
    spec,
    parse(query, options) {
      // parseQuery checks every key and value at run time; anything but an object is empty.
      const input = typeof query === 'object' && query !== null ? (query as QueryInput) : {};
      const result = parseQuery(input, spec, options);
      if (!result.ok) throw badRequest(result.error);
      return result.query;
    },
    where,
    apply(qb, ast) {
      let next = ast.filters.length > 0 ? qb.where(where(ast)) : qb;
      for (const term of orderTerms(ast.orderBy)) {
        next = next.orderBy(term.expression, (ob: OrderByItemBuilder) => {
          const directed = term.direction === 'desc' ? ob.desc() : ob.asc();
          if (term.nulls === 'first') return directed.nullsFirst();
          return term.nulls === 'last' ? directed.nullsLast() : directed;
        });
      }
      return next.offset(ast.skip).limit(ast.limit);
    },
    projectedColumns(ast) {
      if (ast.only === null) return null;
      return [...new Set(ast.only.map((name) => lookup(name).source.column))];
    },
  };
}
