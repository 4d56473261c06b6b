import { tickerQuerySpec } from '@app/shared/api/market';
import { defineQueryResource } from '../../db/query/define-query-resource.ts';

/** The query language's ticker fields (spec §7 `/ticker/query/simple`) and the columns they read. */
export const tickerQuery = defineQueryResource({
  spec: tickerQuerySpec,
  table: 'ticker_quotes',
  tiebreaker: 'exchange_ticker',
  sources: {
    exchange_ticker: { column: 'exchange_ticker' },
    price: { column: 'price', nulls: 'last' },
    change_pct: { column: 'change_pct', nulls: 'last' },
    change_pct_1: { column: 'change_pct_1', nulls: 'last' },
    change_pct_8: { column: 'change_pct_8', nulls: 'last' },
    change_pct_31: { column: 'change_pct_31', nulls: 'last' },
    change_pct_365: { column: 'change_pct_365', nulls: 'last' },
  },
});

export type TickerQueryAst = ReturnType<typeof tickerQuery.parse>;
