import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { compileSpec } from '@app/shared/query/query-spec';
import { AppError } from '../../http/errors.ts';
import {
  ALLOWED_IDENTIFIERS,
  ITEMS,
  createItemsTable,
  itemResource,
  itemSpec,
  type ItemsTables,
} from './query-test-table.fixture.ts';

let testDb: TestDatabase;
let db: Kysely<ItemsTables>;

beforeAll(async () => {
  testDb = await createTestDatabase();
  db = testDb.db.$extendTables<ItemsTables>();
  await createItemsTable(db);
});
afterAll(() => testDb.drop());

const spec = compileSpec(itemSpec);
const fields = Object.keys(itemSpec.fields) as (keyof typeof itemSpec.fields)[];
const ANY_OP = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'in', 'nin', 'exists', 'size', 'not__size'];
const TEXT_OPS = ['icontains', 'istartswith', 'iendswith'];

const hostile = fc.constantFrom(
  "'; drop table query_test_items; --",
  '%',
  '_',
  '\\',
  '%_\\',
  'a\\',
  "'",
  '"',
  '\u0000',
  'ＮＶＤＡ',
  '😀',
  '\uD800',
  'NULL',
  '',
);
const junk = fc.oneof(
  { weight: 3, arbitrary: hostile },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
);
const numbers = fc.oneof(
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom('1e308', '1e309', '-1e308', '5e-324', '99999999999999999999', '2147483648', '-0'),
);
const dates = fc.oneof(
  fc.integer({ min: -70_000_000_000, max: 300_000_000_000 }).map(String),
  fc.constantFrom('7 days', '1 hour ago', '999999999 years', '0001-01-01', '9999-12-31T23:59:59Z'),
  fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
);

/** Values a field of each type would plausibly get, mixed with hostile ones. */
const scalarFor = (field: (typeof fields)[number]) => {
  const type = itemSpec.fields[field].type;
  const typed =
    type === 'number' || type === 'integer'
      ? numbers
      : type === 'date'
        ? dates
        : type === 'boolean'
          ? fc.constantFrom('true', 'false', '1', '0', 'yes')
          : type === 'enum'
            ? fc.constantFrom('INDEX', 'PROCESSED', 'index')
            : junk;
  return fc.oneof({ weight: 8, arbitrary: typed }, { weight: 1, arbitrary: junk });
};

const valueFor = (field: (typeof fields)[number], op: string) => {
  if (op === 'size' || op === 'not__size' || op === 'exists') {
    return fc.oneof(fc.constantFrom('0', '1', '2', 'true', '-1'), junk);
  }
  if (op === 'in' || op === 'nin') {
    return fc.array(scalarFor(field), { maxLength: 4 }).map((v) => v.join(','));
  }
  return scalarFor(field);
};

const filterPair = fc
  .constantFrom(...fields)
  .chain((field) =>
    fc
      .oneof(
        { weight: 8, arbitrary: fc.constantFrom('', ...(spec.fields.get(field)?.ops ?? [])) },
        { weight: 1, arbitrary: fc.constantFrom(...ANY_OP, ...TEXT_OPS, 'between') },
      )
      .chain((op) =>
        valueFor(field, op).map((value): [string, string] => [
          op === '' ? field : `${field}__${op}`,
          value,
        ]),
      ),
  );
const sortable = fc.constantFrom(
  'id',
  '-id',
  'price',
  '-creation_date',
  'AI__defcon_level',
  'qty',
  'tags',
);
const reservedPair = fc.oneof(
  fc.tuple(
    fc.constant('order_by'),
    fc.array(sortable, { maxLength: 3 }).map((v) => v.join(',')),
  ),
  fc.tuple(fc.constantFrom('skip', 'limit'), fc.oneof(numbers, junk)),
  fc.tuple(fc.constant('only'), fc.constantFrom('name,ai', 'AI__classification', 'password')),
  fc.tuple(fc.constantFrom('key', 'no_cache'), fc.oneof(junk, fc.constant('1'))),
);
const junkPair = fc.tuple(
  fc.oneof(fc.string({ unit: 'binary', maxLength: 20 }), fc.constantFrom('password', '__proto__')),
  junk,
);

const query = fc.array(
  fc.oneof(
    { weight: 12, arbitrary: filterPair },
    { weight: 2, arbitrary: reservedPair },
    { weight: 1, arbitrary: junkPair },
  ),
  { minLength: 1, maxLength: 3 },
);

/** Quoted identifiers and string literals in compiled SQL: values must only ever be $n. */
const IDENTIFIERS = /"((?:[^"]|"")*)"/g;
const LITERALS = /'((?:[^']|'')*)'/g;
const ALLOWED_LITERALS = new Set([
  '\\',
  'number',
  'boolean',
  'classification',
  'defcon_level',
  'flagged',
]);

describe('query resource (property, real PostgreSQL)', () => {
  it('answers any query string with a 400 or a successful query over allowlisted identifiers', async () => {
    await fc.assert(
      fc.asyncProperty(query, async (pairs) => {
        let ast;
        try {
          ast = itemResource.parse(new URLSearchParams(pairs));
        } catch (error) {
          expect(error).toBeInstanceOf(AppError);
          expect((error as AppError).statusCode).toBe(400);
          return;
        }
        const select = itemResource.apply(db.selectFrom('query_test_items').select('id'), ast);
        const compiled = select.compile();
        for (const [, name] of compiled.sql.matchAll(IDENTIFIERS)) {
          expect(ALLOWED_IDENTIFIERS).toContain(name);
        }
        for (const [, literal] of compiled.sql.matchAll(LITERALS)) {
          expect(ALLOWED_LITERALS).toContain(literal);
        }
        const rows = await select.execute();
        expect(rows.length).toBeLessThanOrEqual(ast.limit);
      }),
      { numRuns: 400 },
    );
    const count = await sql<{ n: number }>`select count(*)::int as n from query_test_items`.execute(
      db,
    );
    expect(count.rows[0]?.n).toBe(ITEMS.length);
  });
});
