import { defineQuerySpec } from '@app/shared/query/query-spec';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import { escapeLike } from './compile-filter.ts';
import { defineQueryResource } from './define-query-resource.ts';
import { itemResource, type ItemsTables } from './query-test-table.fixture.ts';

/** Compiles without a database. */
const db = new Kysely<ItemsTables>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (kysely) => new PostgresIntrospector(kysely),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

function compile(query: Record<string, string>) {
  const ast = itemResource.parse(query);
  return itemResource.apply(db.selectFrom('query_test_items').select('id'), ast).compile();
}

describe('escapeLike', () => {
  it('escapes %, _ and the escape character itself', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike('plain')).toBe('plain');
  });
});

describe('compiled SQL', () => {
  it('binds a text match as an escaped pattern with an explicit ESCAPE', () => {
    const { sql, parameters } = compile({ name__icontains: "50%_'x" });
    expect(sql).toContain(`"query_test_items"."name" ilike $1::text escape '\\'`);
    expect(parameters[0]).toBe("%50\\%\\_'x%");
  });

  it('casts every bound value to the type of its field', () => {
    const { sql } = compile({ qty__gt: '5', price: '1.5', creation_date__gte: '7 days' });
    expect(sql).toContain('"qty" > $1::bigint');
    expect(sql).toContain('"price" = $2::numeric');
    expect(sql).toContain('"created_at" >= $3::timestamptz');
  });

  it('reads JSON paths with literal keys and a type check before casting', () => {
    const { sql } = compile({ AI__defcon_level__lte: '2', AI__classification: 'Lawsuit' });
    expect(sql).toContain(`jsonb_typeof("query_test_items"."ai" -> 'defcon_level') = 'number'`);
    expect(sql).toContain(`("query_test_items"."ai" ->> 'classification') = $2::text`);
  });

  it('passes an in list as one array parameter', () => {
    const { sql, parameters } = compile({ tags__in: 'A:B,C:D' });
    expect(sql).toContain('"tags" && $1::text[]');
    expect(parameters[0]).toEqual(['A:B', 'C:D']);
  });
});

describe('defineQueryResource refuses a wrong binding at startup', () => {
  const spec = defineQuerySpec({
    fields: { tags: { type: 'string[]' }, level: { type: 'integer' } },
  });
  const define =
    (sources: object, table = 't') =>
    () =>
      defineQueryResource({ spec, table, sources: sources as never });

  it.each([
    [{ tags: { arrayColumn: 'tags' } }, /'level' has no source/],
    [{ tags: { column: 'tags' }, level: { column: 'l' } }, /needs an arrayColumn/],
    [{ tags: { arrayColumn: 'tags' }, level: { arrayColumn: 'l' } }, /not a string\[\] field/],
    [{ tags: { arrayColumn: 'tags' }, level: { column: 'l; drop' } }, /not an identifier/],
    [
      { tags: { arrayColumn: 'tags' }, level: { json: 'ai', path: ['x'], cast: 'text' } },
      /cannot be read as JSON text/,
    ],
    [
      { tags: { arrayColumn: 'tags' }, level: { json: 'ai', path: [], cast: 'numeric' } },
      /invalid JSON path/,
    ],
    [
      { tags: { arrayColumn: 'tags' }, level: { json: 'ai', path: ["x'"], cast: 'numeric' } },
      /invalid JSON path/,
    ],
  ])('%j', (sources, message) => {
    expect(define(sources)).toThrow(message);
  });

  it('refuses a table name that is not an identifier', () => {
    expect(define({ tags: { arrayColumn: 'tags' }, level: { column: 'l' } }, 'a"b')).toThrow(
      /not an identifier/,
    );
  });
});
