import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** Which implementation serves each provider kind. */
export const providerSummarySchema = z.object({
  market: z.enum(['demo', 'yahoo']),
  /** The named sources and the count of feed URLs, comma-separated: `demo`, `default, 3 feeds`. */
  news: z.string(),
  payments: z.enum(['offline', 'stripe']),
  ai: z.enum(['offline', 'openai']),
  /** `outbox`: mail is kept in the outbox table and logged, not sent (no SMTP_URL). */
  mail: z.enum(['smtp', 'outbox']),
  telegram: z.enum(['off', 'polling', 'webhook']),
});
export type ProviderSummary = z.infer<typeof providerSummarySchema>;

/** The test providers a public server runs on purpose; every page shows a banner while any is. */
export const testModeKindSchema = z.enum(['payments', 'market', 'news']);

export const healthResponseSchema = successResponse({
  database: z.literal('up'),
  version: z.string(),
  uptime_s: z.number(),
  providers: providerSummarySchema,
  test_mode: z.array(testModeKindSchema),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
