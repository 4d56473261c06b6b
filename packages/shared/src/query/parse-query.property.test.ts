import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from './parse-query.ts';
import { compileSpec } from './query-spec.ts';
import { testSpec } from './query-spec.fixture.ts';
import { QUERY_OPERATORS } from './query-types.ts';

const spec = compileSpec(testSpec);
const fieldNames = [...spec.fields.keys()];
const operators = [...QUERY_OPERATORS, 'between', 'not', 'size__not', ''];

const key = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom(...fieldNames, 'order_by', 'skip', 'limit', 'only', 'key', 'no_cache', 'add'),
  fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'AI', 'AI__'),
  fc
    .tuple(fc.constantFrom(...fieldNames), fc.constantFrom(...operators))
    .map(([f, op]) => `${f}__${op}`),
);

const value = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    'NULL',
    'null',
    '',
    ',',
    '1,2,NULL',
    '7 days',
    '1700000000',
    '2024-02-30',
    '1e309',
  ),
  fc.constantFrom(
    "'; drop table x; --",
    '%',
    '_',
    '\\',
    '\u0000',
    '\uD800',
    '-price',
    'price,-price',
  ),
  fc.constantFrom(
    'INDEX',
    'CHAT,PORTFOLIO',
    'true',
    '0',
    '-1',
    '101',
    '100',
    '99999999999999999999',
  ),
  fc.integer().map(String),
  fc.double().map(String),
);

const input = fc.oneof(
  fc.array(fc.tuple(key, value), { maxLength: 60 }).map((pairs) => new URLSearchParams(pairs)),
  fc.dictionary(key, fc.oneof(value, fc.array(value, { maxLength: 4 }), fc.constant(undefined))),
);

describe('parseQuery (property)', () => {
  it('never throws, and a success only names allowlisted fields in allowed ways', () => {
    fc.assert(
      fc.property(input, (query) => {
        const result = parseQuery(query, testSpec);
        if (!result.ok) {
          expect(result.error.length).toBeGreaterThan(0);
          return;
        }
        const { filters, orderBy, only, skip, limit } = result.query;
        for (const filter of filters) {
          expect(
            spec.fields.get(filter.field)?.ops.has(filter.op) ||
              // a repeated eq/ne becomes in/nin whatever the field allows
              filter.op === 'in' ||
              filter.op === 'nin',
          ).toBe(true);
          expect(fieldNames).toContain(filter.field);
        }
        for (const order of orderBy) expect(spec.fields.get(order.field)?.sortable).toBe(true);
        for (const name of only ?? []) expect(spec.fields.get(name)?.projectable).toBe(true);
        expect(skip >= 0 && skip <= 100_000 && limit >= 0 && limit <= 100).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });
});
