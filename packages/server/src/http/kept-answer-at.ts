import type { z } from 'zod';
import { responseWriter } from './serializer.ts';

/** A value no answer can carry in the clock's field: the written answer is cut around it. */
const MARK = -987_654_321_012;

/**
 * Success answers of kept values that carry one field following the clock (a portfolio
 * snapshot's `as_of`, epoch seconds): each value is written once by the route's compiled response
 * writer with a mark in that field, kept as the bytes before and after it, and each call splices
 * in the instant; the answer of one second is kept, so repeated calls in it copy nothing. Bytes
 * live in a WeakMap keyed by the kept value, so they go when the service replaces it.
 */
export function keptAnswerAt(
  schema: z.ZodType,
  field: string,
): (value: object, at: Date) => Buffer {
  const write = responseWriter(schema);
  const key = `${JSON.stringify(field)}:`;
  const marker = `${key}${String(MARK)}`;
  const spliced = new WeakMap<object, (at: Date) => Buffer>();

  function splice(value: object): (at: Date) => Buffer {
    const json = write({ status: 'success', ...value, [field]: MARK });
    const cut = json.indexOf(marker);
    if (cut < 0) {
      // Not expected (the writer writes every declared field); written per call then.
      return (at) =>
        Buffer.from(
          write({ status: 'success', ...value, [field]: Math.floor(at.getTime() / 1000) }),
        );
    }
    const head = Buffer.from(json.slice(0, cut + key.length));
    const tail = Buffer.from(json.slice(cut + marker.length));
    let second = Number.NaN;
    let body = Buffer.alloc(0);
    return (at) => {
      const now = Math.floor(at.getTime() / 1000);
      if (now !== second) {
        body = Buffer.concat([head, Buffer.from(String(now)), tail]);
        second = now;
      }
      return body;
    };
  }

  return (value, at) => {
    let answer = spliced.get(value);
    if (!answer) {
      answer = splice(value);
      spliced.set(value, answer);
    }
    return answer(at);
  };
}
