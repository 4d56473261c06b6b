import { companySchema } from '@app/shared/api/companies';
import { successResponse } from '@app/shared/api/envelope';
import { z } from 'zod';

/*
 * The company answer's schema, imported on demand by its fetcher (company.ts, through the api
 * client's `loadSchema`): the company page's first load then carries no zod. The other market
 * fetchers load theirs from the shared package the same way.
 */

/** `/company/query` as the company page asks it: no projection (`only`), so every field is present. */
export const companiesResponseSchema = successResponse({ companies: z.array(companySchema) });
