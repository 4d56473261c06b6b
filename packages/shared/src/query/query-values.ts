import { DATE_FORMATS, parseQueryDate } from './query-dates.ts';
import type { QueryFieldSpec, QueryScalar } from './query-types.ts';

/** A converted value, or what was expected instead (for the error message). */
export type Converted<T> = { ok: true; value: T } | { ok: false; expected: string };

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i;
const INTEGER = /^[+-]?\d+$/;
const FLAGS: Readonly<Record<string, boolean>> = {
  '1': true,
  true: true,
  '0': false,
  false: false,
};

/** The literal that stands for null in filter values. */
export const NULL_VALUE = 'NULL';

/** Reads `1`, `0`, `true` or `false` (any case). */
export function parseFlag(raw: string): boolean | null {
  const key = raw.trim().toLowerCase();
  return Object.hasOwn(FLAGS, key) ? (FLAGS[key] ?? null) : null;
}

/** Reads a finite decimal number; `Number('')` and `Number('0x1f')` are not accepted. */
export function parseNumber(raw: string): number | null {
  const text = raw.trim();
  if (!NUMBER.test(text)) return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Reads an integer that JavaScript holds exactly. */
export function parseInteger(raw: string): number | null {
  const text = raw.trim();
  if (!INTEGER.test(text)) return null;
  const value = Number(text);
  return Number.isSafeInteger(value) ? value : null;
}

const ok = <T>(value: T): Converted<T> => ({ ok: true, value });
const fail = (expected: string): Converted<never> => ({ ok: false, expected });

/** Converts one raw value to the field's type (for an array field: the type of one element). */
export function convertScalar(
  raw: string,
  field: QueryFieldSpec,
  now: Date,
): Converted<QueryScalar> {
  switch (field.type) {
    case 'string':
    case 'string[]':
      return ok(raw);
    case 'enum': {
      const values = field.values ?? [];
      return values.includes(raw) ? ok(raw) : fail(`one of ${values.join(', ')}`);
    }
    case 'number': {
      const value = parseNumber(raw);
      return value === null ? fail('a number') : ok(value);
    }
    case 'integer': {
      const value = parseInteger(raw);
      return value === null ? fail('an integer') : ok(value);
    }
    case 'boolean': {
      const value = parseFlag(raw);
      return value === null ? fail('true, false, 1 or 0') : ok(value);
    }
    case 'date': {
      const value = parseQueryDate(raw, now);
      return value === null ? fail(DATE_FORMATS) : ok(value);
    }
  }
}
