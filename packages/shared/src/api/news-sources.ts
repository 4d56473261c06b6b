import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** How a managed feed is doing: never read yet, read fine, failing since a moment, or given up. */
export const newsSourceHealthSchema = z.enum(['pending', 'healthy', 'failing', 'disabled']);
export type NewsSourceHealth = z.infer<typeof newsSourceHealthSchema>;

/** One RSS/Atom feed the worker polls, as the admin panel lists it. */
export const newsSourceSchema = z.object({
  id: z.string(),
  /** What its articles store as `source`. */
  name: z.string(),
  url: z.string(),
  title: z.string(),
  /** `env`: NEWS_SOURCES; `default`: the curated list; `admin`: added in the panel. */
  origin: z.enum(['env', 'default', 'admin']),
  state: z.enum(['active', 'paused']),
  health: newsSourceHealthSchema,
  /** Epoch seconds; null when never. */
  last_fetch: z.number().nullable(),
  failing_since: z.number().nullable(),
  next_fetch: z.number().nullable(),
  last_http_status: z.number().nullable(),
  last_error: z.string().nullable(),
  served_with_errors: z.boolean(),
  failures: z.number(),
  interval_seconds: z.number(),
  items_day: z.number(),
  items_week: z.number(),
});
export type NewsSourceView = z.infer<typeof newsSourceSchema>;

/** An http(s) feed URL as an admin types it. */
export const feedUrlSchema = z
  .string()
  .trim()
  .min(1, 'Enter the feed URL.')
  .max(2000, 'The URL is longer than 2,000 characters.')
  .refine((url) => !url.includes('\u0000'), 'The URL contains a NUL character.')
  .refine((url) => {
    try {
      const parsed = new URL(url);
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && !parsed.username;
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// URL without a user name or password.');

export const newsSourceAddBodySchema = z.object({
  url: feedUrlSchema,
  title: z
    .string()
    .trim()
    .max(300, 'The title is longer than 300 characters.')
    .refine((title) => !title.includes('\u0000'), 'The title contains a NUL character.')
    .optional(),
});
export type NewsSourceAddBody = z.infer<typeof newsSourceAddBodySchema>;

export const newsSourceTestBodySchema = z.object({ url: feedUrlSchema });

/** An item a test read would store: its date as it would be stored, marked when estimated. */
export const newsSourcePreviewItemSchema = z.object({
  title: z.string(),
  link: z.string(),
  publisher: z.string(),
  /** Epoch seconds. */
  date: z.number(),
  date_estimated: z.boolean(),
});

export const newsSourceTestResponseSchema = successResponse({
  url: z.string(),
  http_status: z.number().nullable(),
  feed_title: z.string(),
  /** Why the feed cannot be read; null when it was. */
  error: z.string().nullable(),
  items: z.array(newsSourcePreviewItemSchema),
});
export type NewsSourceTest = z.infer<typeof newsSourceTestResponseSchema>;

export const newsSourcesResponseSchema = successResponse({ sources: z.array(newsSourceSchema) });
export const newsSourceResponseSchema = successResponse({ source: newsSourceSchema });

export const newsSourceStateBodySchema = z.object({ state: z.enum(['active', 'paused']) });

export const opmlImportBodySchema = z.object({
  opml: z
    .string()
    .min(1, 'The OPML document is empty.')
    .max(1_000_000, 'The OPML document is larger than 1 MB.'),
});
export const opmlImportResponseSchema = successResponse({
  added: z.number(),
  /** Outlines already listed, or whose URL is not an http(s) feed URL. */
  skipped: z.number(),
});
