/** What checks a whole answer before it is written (a zod response schema). */
type AnswerCheck = { parse(answer: unknown): unknown };

/**
 * The route side of a kept answer: services keep domain values (a page of rows, a week of events)
 * and replace a kept value when it changes; the route turns each value into the success envelope's
 * JSON bytes once, here, so a hot read costs no JSON.stringify and its bytes are compressed once
 * (`sendKeptJson` keys its encodings by the Buffer). The bytes live in a WeakMap keyed by the kept
 * value: the service's invalidation drops the value, and its bytes go with it.
 *
 * `check` (the route's response schema) runs on the envelope before it is written; the written
 * answer is what it returns, so the schema is also the allowlist of fields that leave the server.
 * `fields` names the answer's fields when the kept value is not itself the payload (a kept record
 * sent as `{ track_record }`).
 */
export function keptAnswer<T extends object>(
  check?: AnswerCheck,
  fields: (value: T) => object = (value) => value,
): (value: T) => Buffer {
  return keptBytes<T>((value) => {
    const answer = { status: 'success', ...fields(value) };
    return JSON.stringify(check ? check.parse(answer) : answer);
  });
}

/** A kept value's answer as `write` writes it (a compiled response writer), once per value. */
export function keptBytes<T extends object>(write: (value: T) => string): (value: T) => Buffer {
  const written = new WeakMap<T, Buffer>();
  return (value) => {
    let body = written.get(value);
    if (body === undefined) {
      body = Buffer.from(write(value));
      written.set(value, body);
    }
    return body;
  };
}
