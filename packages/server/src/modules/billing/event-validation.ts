import { createHash } from 'node:crypto';

/** Stripe's ids are under 100 characters; ours (`evt_…`, `sub_<uuid>`) too. */
const ID_MAX = 255;
/** Longest text anywhere in an event (descriptions, addresses). */
const TEXT_MAX = 10_000;
/** Deepest nesting of objects and arrays in an event. */
const DEPTH_MAX = 16;
/** The epoch seconds an event's dates may take: 2000-01-01 to the end of year 9999. */
const EPOCH_MIN = 946_684_800;
const EPOCH_MAX = 253_402_300_799;
/** Keys whose value is an id (a string of bounded length) and keys whose number is a date. */
const ID_KEY = /^(id|customer|subscription|price|product|invoice|client_reference_id|.*_id)$/;
const DATE_KEY = /^(created|start|end|.*_at|.*_start|.*_end)$/;
/** Whether a text holds a control character (an id never does). */
const hasControl = (text: string) => {
  for (let i = 0; i < text.length; i += 1) if (text.charCodeAt(i) < 0x20) return true;
  return false;
};

/** Why a value of a verified event cannot be used, or null: the walk over every field. */
function fieldProblem(value: unknown, path: string, depth: number): string | null {
  if (depth > DEPTH_MAX) return `${path} is nested too deeply`;
  const key = path.slice(path.lastIndexOf('.') + 1);
  if (typeof value === 'string') {
    if (value.includes('\u0000')) return `${path} holds a NUL byte`;
    if (ID_KEY.test(key) && (value.length > ID_MAX || hasControl(value))) {
      return `${path} is not an id of at most ${ID_MAX} printable characters`;
    }
    return value.length > TEXT_MAX ? `${path} is longer than ${TEXT_MAX} characters` : null;
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return `${path} is not a finite number`;
    if (DATE_KEY.test(key) && (!Number.isInteger(value) || value < 0 || value > EPOCH_MAX)) {
      return `${path} is not a date in epoch seconds`;
    }
    return null;
  }
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const problem = fieldProblem(item, `${path}.${i}`, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [name, item] of Object.entries(value)) {
      const problem = fieldProblem(item, path ? `${path}.${name}` : name, depth + 1);
      if (problem) return problem;
    }
  }
  return null;
}

/**
 * Why a verified event is malformed, or null: an id and a type of bounded length, `created` a
 * whole epoch second from 2000 on, `data.object` an object, and every field inside within bounds.
 */
export function eventProblem(event: unknown): string | null {
  if (event === null || typeof event !== 'object' || Array.isArray(event)) {
    return 'the event is not an object';
  }
  const raw = event as Record<string, unknown>;
  if (typeof raw.id !== 'string' || raw.id === '' || raw.id.length > ID_MAX || hasControl(raw.id)) {
    return `id is not an id of at most ${ID_MAX} printable characters`;
  }
  if (typeof raw.type !== 'string' || !/^[a-z0-9_.]{1,100}$/.test(raw.type)) {
    return 'type is not an event type';
  }
  const created = raw.created;
  if (
    typeof created !== 'number' ||
    !Number.isInteger(created) ||
    created < EPOCH_MIN ||
    created > EPOCH_MAX
  ) {
    return 'created is not a date in epoch seconds';
  }
  const data = raw.data as { object?: unknown } | null | undefined;
  if (
    data === null ||
    typeof data !== 'object' ||
    data.object === null ||
    typeof data.object !== 'object' ||
    Array.isArray(data.object)
  ) {
    return 'data.object is not an object';
  }
  return fieldProblem(raw.data, 'data', 0);
}

/**
 * How a malformed event is kept for the admin: an id of its own (the body's hash, so a repeated
 * delivery is stored once), a printable type, and an excerpt of the body that PostgreSQL's jsonb
 * accepts (no NUL).
 */
export function malformedRecord(rawBody: Buffer, event: unknown) {
  const raw = (event !== null && typeof event === 'object' ? event : {}) as Record<string, unknown>;
  const type = typeof raw.type === 'string' ? raw.type.replace(/[^\w.]/g, '').slice(0, 100) : '';
  return {
    id: `malformed_${createHash('sha256').update(rawBody).digest('hex')}`,
    type: type || 'unknown',
    excerpt: rawBody.toString('utf8', 0, 4_000).replaceAll('\u0000', '\\u0000'),
  };
}
