import { z } from 'zod';
import { defineQuerySpec } from '../query/query-spec.ts';
import { exchangeTickerSchema } from './tickers.ts';
import { companySchema } from './companies.ts';
import { successResponse } from './envelope.ts';

/** An article a company analysis cites; `title` and `link` are null once the article is gone. */
export const analysisCitationSchema = z.object({
  id: z.string(),
  title: z.string().nullable(),
  link: z.string().nullable(),
  publisher: z.string().nullable(),
  /** Epoch seconds, like every date of the API. */
  creation_date: z.number().nullable(),
});
export type AnalysisCitation = z.infer<typeof analysisCitationSchema>;

/**
 * Spec §3 Company prompt/review: the analyst's markdown review of a company. `ai_summary` uses
 * `##` headings and numbered markers: `[1]` cites `citations[0]`, `[2]` `citations[1]` …
 */
export const companyAnalysisSchema = z.object({
  id: z.string(),
  company_id: z.string(),
  ai_summary: z.string(),
  /** Epoch seconds. */
  ai_upload_date: z.number(),
  /** Epoch seconds, null until visited. */
  last_visited_date: z.number().nullable(),
  /** Integer, −10 (very bearish) … +10 (very bullish). */
  sentiment_score: z.number(),
  /** Which analyst wrote it (`offline`, or a model name). */
  provider: z.string(),
  citations: z.array(analysisCitationSchema),
});
export type CompanyAnalysis = z.infer<typeof companyAnalysisSchema>;

/** `/company/latest_prompts` and `/company/query_prompts`: analyses and their companies. */
export const companyAnalysesResponseSchema = successResponse({
  news: z.array(companyAnalysisSchema.partial()),
  companies: z.array(companySchema),
});
export type CompanyAnalysesResponse = z.infer<typeof companyAnalysesResponseSchema>;

/** Spec §9: analyst summaries show 2 a page. */
export const ANALYSIS_PAGE_SIZE = 2;

/** `/company/query_prompts`: the fields a client may filter, sort and project on. */
export const companyAnalysisQuerySpec = defineQuerySpec({
  fields: {
    id: { type: 'string', ops: ['eq', 'in'] },
    company_id: { type: 'string', ops: ['eq', 'in'] },
    ai_summary: { type: 'string', ops: ['exists'] },
    ai_upload_date: { type: 'date', sortable: true },
    last_visited_date: { type: 'date', ops: ['exists', 'gt', 'gte', 'lt', 'lte'] },
    sentiment_score: { type: 'number', ops: ['gt', 'gte', 'lt', 'lte'], sortable: true },
    provider: { type: 'string', ops: ['eq', 'ne', 'in'] },
    // Shown, not filtered on (a uuid[] column).
    citations: { type: 'string[]', ops: [] },
  },
  defaultOrder: ['-ai_upload_date'],
  defaultLimit: 20,
  maxLimit: 100,
  /** `symbol=EXCHANGE:TICKER`: the analyses of the company with that listing. */
  extras: { symbol: exchangeTickerSchema.optional() },
});
