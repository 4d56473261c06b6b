import { z } from 'zod';

/** An extra on/off parameter (`no_cache=1`, `add_financials=true`); absent means false. */
export const queryFlagSchema = z
  .enum(['1', '0', 'true', 'false'], { error: 'must be 1, 0, true or false' })
  .optional()
  .transform((value) => value === '1' || value === 'true');
