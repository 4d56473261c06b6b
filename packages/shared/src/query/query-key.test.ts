import { describe, expect, it } from 'vitest';
import { splitQueryKey } from './query-key.ts';

const names = ['AI__defcon_level', 'AI__classification', 'tags', 'AI'].sort(
  (a, b) => b.length - a.length,
);

describe('splitQueryKey', () => {
  it('reads a bare name as eq', () => {
    expect(splitQueryKey('tags', names)).toEqual({ kind: 'filter', field: 'tags', op: 'eq' });
  });

  it('matches the longest declared name, so nested JSON paths keep their __', () => {
    expect(splitQueryKey('AI__defcon_level__lte', names)).toEqual({
      kind: 'filter',
      field: 'AI__defcon_level',
      op: 'lte',
    });
    expect(splitQueryKey('AI__classification', names)).toEqual({
      kind: 'filter',
      field: 'AI__classification',
      op: 'eq',
    });
    expect(splitQueryKey('AI__exists', names)).toEqual({
      kind: 'filter',
      field: 'AI',
      op: 'exists',
    });
  });

  it('reads the two-part operator not__size', () => {
    expect(splitQueryKey('tags__not__size', names)).toEqual({
      kind: 'filter',
      field: 'tags',
      op: 'not__size',
    });
  });

  it('tells an unknown operator from an unknown field', () => {
    expect(splitQueryKey('tags__between', names)).toEqual({
      kind: 'unknown-operator',
      field: 'tags',
      op: 'between',
    });
    expect(splitQueryKey('tags__not', names)).toMatchObject({
      kind: 'unknown-operator',
      op: 'not',
    });
    expect(splitQueryKey('tagsx', names)).toEqual({ kind: 'unknown-field' });
    expect(splitQueryKey('', names)).toEqual({ kind: 'unknown-field' });
  });
});
