import { QUERY_OPERATORS, type QueryOperator } from './query-types.ts';

/** What a filter parameter name means: a field and an operator, or why it means nothing. */
export type QueryKey =
  | { kind: 'filter'; field: string; op: QueryOperator }
  | { kind: 'unknown-field' }
  | { kind: 'unknown-operator'; field: string; op: string };

const OPERATORS: ReadonlySet<string> = new Set(QUERY_OPERATORS);

function isOperator(text: string): text is QueryOperator {
  return OPERATORS.has(text);
}

/**
 * Splits `AI__defcon_level__lte` into field and operator. Field names may themselves contain
 * `__` (nested JSON paths), so the longest declared name that prefixes the key wins.
 */
export function splitQueryKey(key: string, namesLongestFirst: readonly string[]): QueryKey {
  for (const name of namesLongestFirst) {
    if (key === name) return { kind: 'filter', field: name, op: 'eq' };
    if (!key.startsWith(`${name}__`)) continue;
    const op = key.slice(name.length + 2);
    return isOperator(op)
      ? { kind: 'filter', field: name, op }
      : { kind: 'unknown-operator', field: name, op };
  }
  return { kind: 'unknown-field' };
}
