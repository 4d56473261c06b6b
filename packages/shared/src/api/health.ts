import { z } from 'zod';
import { successResponse } from './envelope.ts';

export const healthResponseSchema = successResponse({
  database: z.literal('up'),
  version: z.string(),
  uptime_s: z.number(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
