import { companyAnalysisSchema } from '@app/shared/api/analysis';
import { companySchema } from '@app/shared/api/companies';
import { successResponse } from '@app/shared/api/envelope';
import { z } from 'zod';

/*
 * The analyses' answer schema, imported on demand by its fetchers (company-analyses.ts, through
 * the api client's `loadSchema`): the company page's first load then carries no zod.
 */

/** No projection (`only`) is asked for, so every field of an analysis is present. */
export const analysesResponseSchema = successResponse({
  news: z.array(companyAnalysisSchema),
  companies: z.array(companySchema),
});
