import { newsQuerySpec } from '@app/shared/api/news';
import { defineQueryResource } from '../../db/query/define-query-resource.ts';

/** The query language's news fields (spec §7 `/news/query`) and the columns they read. */
export const newsQuery = defineQueryResource({
  spec: newsQuerySpec,
  table: 'news',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id', asText: true },
    creation_date: { column: 'creation_date' },
    publisher: { column: 'publisher' },
    experiment: { column: 'experiment' },
    ai_summary: { column: 'ai_summary' },
    related_exchange_tickers: { arrayColumn: 'related_exchange_tickers' },
    sentiment_score: { column: 'sentiment_first', nulls: 'last' },
    interest_score: { column: 'interest_score', nulls: 'last' },
    AI__defcon_level: { json: 'AI', path: ['defcon_level'], cast: 'numeric' },
    AI__classification: { json: 'AI', path: ['classification'], cast: 'text' },
  },
});

export type NewsQueryAst = ReturnType<typeof newsQuery.parse>;
