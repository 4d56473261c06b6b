import { screenerQuerySpec } from '@app/shared/api/screener';
import { defineQueryResource } from '../../db/query/define-query-resource.ts';

const last = { nulls: 'last' } as const;

/** The unique column every screen's order ends with. */
export const SCREENER_TIEBREAKER = 'exchange_ticker';

/** Where each field lives and where its unknown values sort (read by the in-memory screen too). */
export const SCREENER_SOURCES = {
  exchange_ticker: { column: 'exchange_ticker' },
  company_name: { column: 'company_name' },
  sector: { column: 'sector', ...last },
  industry: { column: 'industry', ...last },
  exchange: { column: 'exchange' },
  price: { column: 'price', ...last },
  market_cap: { column: 'market_cap', ...last },
  change_pct_1: { column: 'change_pct_1', ...last },
  change_pct_8: { column: 'change_pct_8', ...last },
  change_pct_31: { column: 'change_pct_31', ...last },
  change_pct_365: { column: 'change_pct_365', ...last },
  from_high_pct: { column: 'from_high_pct', ...last },
  from_low_pct: { column: 'from_low_pct', ...last },
  avg_volume: { column: 'avg_volume', ...last },
  dividend_yield: { column: 'dividend_yield', ...last },
  pe_ratio: { column: 'pe_ratio', ...last },
  news_count_7d: { column: 'news_count_7d' },
  sentiment_7d: { column: 'sentiment_7d', ...last },
} as const;

/** The screener's query-language fields and the columns of `screener_metrics` they read. */
export const screenerQuery = defineQueryResource({
  spec: screenerQuerySpec,
  table: 'screener_metrics',
  tiebreaker: SCREENER_TIEBREAKER,
  sources: SCREENER_SOURCES,
});

export type ScreenerQueryAst = ReturnType<typeof screenerQuery.parse>;
