type Item = Readonly<Record<string, unknown>>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Applies `only` to an API object: keeps the listed fields (all when `only` is null) plus the
 * `always` ones. A nested name such as `AI__classification` keeps `AI.classification`.
 */
export function projectFields(
  item: Item,
  only: readonly string[] | null,
  always: readonly string[] = [],
): Record<string, unknown> {
  if (only === null) return { ...item };
  const result: Record<string, unknown> = {};
  for (const name of [...always, ...only]) {
    const path = name.split('__');
    let source: unknown = item;
    for (const part of path) {
      if (!isRecord(source) || !Object.hasOwn(source, part)) {
        source = MISSING;
        break;
      }
      source = source[part];
    }
    if (source !== MISSING) setPath(result, path, source);
  }
  return result;
}

const MISSING = Symbol('missing');

function setPath(target: Record<string, unknown>, path: readonly string[], value: unknown) {
  let node = target;
  for (const part of path.slice(0, -1)) {
    const next = node[part];
    node = isRecord(next) ? next : (node[part] = {});
  }
  node[path.at(-1) ?? ''] = value;
}
