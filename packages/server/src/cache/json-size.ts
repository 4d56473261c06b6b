/**
 * About how many bytes `value`'s JSON takes (strings by length, numbers as 12, keys by length plus
 * punctuation), counted without writing it: caches that keep values, not bytes, stay bounded by
 * memory, and a kept value is written only by its route (once, `http/kept-answer.ts`).
 */
export function jsonSize(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (typeof value === 'number') return 12;
  if (typeof value === 'boolean') return 5;
  if (value === null || value === undefined || typeof value !== 'object') return 4;
  if (value instanceof Date) return 26;
  if (Array.isArray(value)) {
    let size = 2;
    for (const item of value as unknown[]) size += jsonSize(item) + 1;
    return size;
  }
  let size = 2;
  for (const [key, item] of Object.entries(value)) size += key.length + 4 + jsonSize(item);
  return size;
}
