/* The live stream's limits and topic names (live.ts re-exports them): no zod here, so the
 * web app's live client imports them without the schemas. */

/** At most this many topics on one stream. */
export const LIVE_MAX_TOPICS = 50;
/** At most this many open streams per client (a user, or a visitor's address). */
export const LIVE_MAX_STREAMS_PER_CLIENT = 6;
/** The stream's `retry:` (ms): how long an EventSource waits before reconnecting. */
export const LIVE_RETRY_MS = 3_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const LIVE_HEARTBEAT_MS = 15_000;

/** Public topics: anyone may subscribe. */
export const LIVE_PUBLIC_TOPICS = ['news'] as const;
/** Topics of the logged-in caller only (their own alerts and prompts). */
export const LIVE_USER_TOPICS = ['alerts', 'prompts'] as const;
/** `quotes:EXCHANGE:TICKER` — quote updates of one listing (public). */
export const LIVE_QUOTES_PREFIX = 'quotes:';
