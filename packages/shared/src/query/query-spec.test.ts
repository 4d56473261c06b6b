import { describe, expect, it } from 'vitest';
import { defineQuerySpec } from './query-spec.ts';

describe('defineQuerySpec', () => {
  it('returns the spec itself when it is well formed', () => {
    const spec = { fields: { price: { type: 'number', sortable: true } } } as const;
    expect(defineQuerySpec(spec)).toBe(spec);
  });

  it.each([
    [{ fields: { limit: { type: 'integer' } } }, /'limit' is declared twice or reserved/],
    [{ fields: { key: { type: 'string' } } }, /'key' is declared twice or reserved/],
    [{ fields: { a: { type: 'string' } }, extras: { a: undefined } }, /'a' is declared twice/],
    [{ fields: { 'a-b': { type: 'string' } } }, /not a plain identifier/],
    [{ fields: { a_: { type: 'string' } } }, /not a plain identifier/],
    [{ fields: { s: { type: 'enum' } } }, /must list values/],
    [{ fields: { s: { type: 'string', values: ['a'] } } }, /must list values/],
    [{ fields: { s: { type: 'enum', values: [] } } }, /has no values/],
    [
      { fields: { p: { type: 'number', ops: ['icontains'] } } },
      /'icontains' cannot apply to number/,
    ],
    [{ fields: { b: { type: 'boolean', ops: ['gt'] } } }, /'gt' cannot apply to boolean/],
    [{ fields: { p: { type: 'number' } }, defaultOrder: ['-p'] }, /'-p' is not a sortable field/],
    [{ fields: {}, maxLimit: 0 }, /maxLimit/],
    [{ fields: {}, defaultLimit: 101 }, /defaultLimit/],
  ])('refuses a malformed spec (%#)', (spec, message) => {
    expect(() => defineQuerySpec(spec as never)).toThrow(message);
  });
});
