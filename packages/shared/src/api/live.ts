import { z } from 'zod';
import type { LIVE_PUBLIC_TOPICS, LIVE_USER_TOPICS } from './live-limits.ts';

/**
 * Live updates of the open page: `GET /api/live?topics=…` answers a Server-Sent Events
 * stream. Payloads are small (ids and a few numbers, never whole articles): a page refetches what
 * it needs through the ordinary routes, which apply their own visibility rules.
 */

// The plain limits and topic names: in a module without zod, for a page's first load.
export * from './live-limits.ts';

export type LiveTopic =
  (typeof LIVE_PUBLIC_TOPICS)[number] | (typeof LIVE_USER_TOPICS)[number] | `quotes:${string}`;

/** `event: ready` — the stream listens; `topics` as normalised by the server. */
export const liveReadySchema = z.object({ topics: z.array(z.string()) });

/** `event: news` — articles were stored (`ingested`) or got their AI summary (`enriched`). */
export const liveNewsEventSchema = z.object({
  topic: z.literal('news'),
  stage: z.enum(['ingested', 'enriched']),
  ids: z.array(z.string()),
});
export type LiveNewsEvent = z.infer<typeof liveNewsEventSchema>;

/** `event: quotes` — a listing's quote was refreshed; the fields of its financials that moved. */
export const liveQuoteEventSchema = z.object({
  topic: z.string(),
  symbol: z.string(),
  price: z.number(),
  change: z.number(),
  change_pct: z.number(),
  day_low: z.number(),
  day_high: z.number(),
  as_of: z.number(),
  updated_at: z.number(),
});
export type LiveQuoteEvent = z.infer<typeof liveQuoteEventSchema>;

/** One instant alert of the caller, as the in-app notification shows it. */
export const liveAlertSchema = z.object({
  /** The article the alert is about (`/news/view?id=`). */
  article_id: z.string(),
  title: z.string(),
  /** The analyst's defcon level (1 or 2 alert). */
  defcon_level: z.number(),
  sentiment: z.string(),
  /** The listings of the article (the ones the reader holds or watches among them). */
  symbols: z.array(z.string()),
});
export type LiveAlert = z.infer<typeof liveAlertSchema>;

/**
 * `event: alerts` — deliveries to the caller were written (`count`), with the instant alerts
 * among them (one per story, whatever the channels; none for digests).
 */
export const liveAlertEventSchema = z.object({
  topic: z.literal('alerts'),
  count: z.number(),
  alerts: z.array(liveAlertSchema).optional(),
});
export type LiveAlertEvent = z.infer<typeof liveAlertEventSchema>;

/**
 * What happened to a prompt: `queued` (created or edited), `writing` (a worker took it),
 * `text` (a piece of the answer: `text` starts at character `offset` of the answer written so
 * far), `retry` (an attempt failed, another follows: the text so far is void), `answered`,
 * `failed`.
 */
export const LIVE_PROMPT_STAGES = [
  'queued',
  'writing',
  'text',
  'retry',
  'answered',
  'failed',
] as const;

/** `event: prompts` — one of the caller's prompts changed (status, stage and answer pieces). */
export const livePromptEventSchema = z.object({
  topic: z.literal('prompts'),
  id: z.string(),
  status: z.string(),
  stage: z.enum(LIVE_PROMPT_STAGES).optional(),
  offset: z.number().optional(),
  text: z.string().optional(),
});
export type LivePromptEvent = z.infer<typeof livePromptEventSchema>;

/**
 * `event: reset` — events may have been missed (the server lost its database listener, or a
 * reconnect's `Last-Event-ID` is older than the server remembers): refetch what the page shows.
 */
export const liveResetSchema = z.object({ reason: z.string() });
