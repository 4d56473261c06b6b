import type { FastifyInstance } from 'fastify';
import { badRequest } from './errors.ts';

/** Where a value came from, named as the error handler names validation failures. */
const PLACES = {
  params: 'path parameter',
  query: 'query parameter',
  body: 'body field',
} as const;

type Place = keyof typeof PLACES;

/** A value met on the walk; it links to its parent, so a path is built only for the one named. */
type Entry = { value: unknown; key: string; parent: Entry | null };

/** Why PostgreSQL could not store `text`, or null when it can. */
export function textProblem(text: string): string | null {
  // PostgreSQL's text and jsonb cannot hold U+0000 ("invalid byte sequence … 0x00").
  if (text.includes('\u0000')) return 'NUL bytes are not allowed.';
  // A lone UTF-16 surrogate has no UTF-8 form: pg would send U+FFFD instead, silently.
  if (!text.isWellFormed()) return 'lone Unicode surrogates are not allowed.';
  return null;
}

/** A field name fit to print in a message: the characters that made it invalid escaped. */
const printable = (name: string) =>
  name.replace(
    /\p{Cc}|\p{Cs}/gu,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/**
 * The first string or field name in `value` that PostgreSQL cannot store, as the error message
 * naming it (`Invalid body field 'items.2.name': NUL bytes are not allowed.`), or null. Walks
 * objects and arrays without recursion, so deeply nested JSON cannot overflow the stack.
 */
export function findInvalidText(place: Place, value: unknown): string | null {
  const stack: Entry[] = [{ value, key: '', parent: null }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const current = item.value;
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return describe(place, pathOf(item), problem);
      continue;
    }
    if (current === null || typeof current !== 'object' || ArrayBuffer.isView(current)) continue;
    const isArray = Array.isArray(current);
    const entries = isArray
      ? current.map((entry, index) => [String(index), entry] as const)
      : Object.entries(current);
    // Pushed in reverse, so values are visited in document order.
    for (const [key, entry] of entries.reverse()) {
      const child: Entry = { value: entry, key, parent: item };
      const keyProblem = isArray ? null : textProblem(key);
      if (keyProblem) return describe(place, pathOf(child), keyProblem, true);
      stack.push(child);
    }
  }
  return null;
}

function pathOf(entry: Entry): string[] {
  const path: string[] = [];
  for (let at = entry; at.parent; at = at.parent) path.push(at.key);
  return path.reverse();
}

function describe(place: Place, path: string[], problem: string, isName = false): string {
  if (path.length === 0) {
    return place === 'body' ? `Invalid request body: ${problem}` : `Invalid ${place}: ${problem}`;
  }
  const field = path.map(printable).join('.');
  return `Invalid ${PLACES[place]}${isName ? ' name' : ''} '${field}': ${problem}`;
}

/**
 * Refuses, before validation, every request whose path parameters, query or JSON body carry text
 * PostgreSQL cannot store (NUL, lone surrogates): one 400 naming the field, never a 500 from the
 * database, whatever the route does with the text.
 */
export function registerInvalidTextGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const message =
      findInvalidText('params', request.params) ??
      findInvalidText('query', request.query) ??
      findInvalidText('body', request.body);
    done(message ? badRequest(message) : undefined);
  });
}
