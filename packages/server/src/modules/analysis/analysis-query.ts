import { companyAnalysisQuerySpec } from '@app/shared/api/analysis';
import { defineQueryResource } from '../../db/query/define-query-resource.ts';

/** The query language's company-analysis fields (spec §7 `/company/query_prompts`). */
export const analysisQuery = defineQueryResource({
  spec: companyAnalysisQuerySpec,
  table: 'company_prompts',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id', asText: true },
    company_id: { column: 'company_id', asText: true },
    ai_summary: { column: 'ai_summary' },
    ai_upload_date: { column: 'ai_upload_date' },
    last_visited_date: { column: 'last_visited_date' },
    sentiment_score: { column: 'sentiment_score' },
    provider: { column: 'provider' },
    citations: { arrayColumn: 'citations' },
  },
});

export type AnalysisQueryAst = ReturnType<typeof analysisQuery.parse>;
