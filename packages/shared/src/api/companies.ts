import { z } from 'zod';
import { newsArticleSchema } from './news.ts';
import { defineQuerySpec } from '../query/query-spec.ts';
import { successResponse } from './envelope.ts';

/** A company as the API shows it (spec §3 Company). */
export const companySchema = z.object({
  id: z.string(),
  company_name: z.string(),
  exchange_tickers: z.array(z.string()),
  website: z.string(),
  wikipedia: z.string(),
  gics_sector: z.string(),
  gics_sub_industry: z.string(),
  ai_summary: z.string().nullable(),
  long_business_summary: z.string(),
  /** Old clients read `tools[0].function.arguments.summary` as a fallback summary. */
  tools: z.array(z.unknown()),
  quote_type: z.string(),
  safe_name: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** `/company/query`: the fields a client may filter, sort and project on. */
export const companyQuerySpec = defineQuerySpec({
  fields: {
    id: { type: 'string', ops: ['eq', 'in'] },
    company_name: { type: 'string', sortable: true },
    safe_name: { type: 'string', ops: ['eq', 'in', 'istartswith'] },
    exchange_tickers: { type: 'string[]' },
    gics_sector: { type: 'string', sortable: true },
    gics_sub_industry: { type: 'string', sortable: true },
    quote_type: { type: 'string', ops: ['eq', 'ne', 'in'] },
    website: { type: 'string', ops: [] },
    wikipedia: { type: 'string', ops: [] },
    ai_summary: { type: 'string', ops: ['exists'] },
    long_business_summary: { type: 'string', ops: ['icontains'] },
  },
  defaultOrder: ['company_name'],
});

export const companiesResponseSchema = successResponse({
  companies: z.array(companySchema.partial()),
});

/** `/company/query_symbol/{symbol}`: the company and its news (spec §7 News and comments). */
export const companyWithNewsResponseSchema = successResponse({
  companies: z.array(companySchema.partial()),
  news: z.array(newsArticleSchema),
});

/** `/company/get_related/{ticker}`: the company itself and its related companies. */
export const relatedResponseSchema = successResponse({
  result: companySchema,
  related_companies: z.array(companySchema),
});

/** Spec §3 Category: a group and how many companies it holds. */
export const categoriesResponseSchema = successResponse({
  result: z.array(z.object({ _id: z.string(), count: z.number() })),
});

/** Spec §3 Suggestion response: `extra` is aligned with `suggestions`. */
export const suggestionResponseSchema = successResponse({
  query: z.string(),
  suggestions: z.array(z.string()),
  extra: z.array(z.string()),
});

/** Longest accepted suggestion query; longer ones are a 400. */
export const SUGGESTION_QUERY_MAX = 100;
