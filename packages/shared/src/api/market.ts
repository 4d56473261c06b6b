import { z } from 'zod';
import { defineQuerySpec } from '../query/query-spec.ts';
import { successResponse } from './envelope.ts';

/**
 * Quotes, change fields, watchlists and the ticker query (spec §3 Watchlist, Ticker query result;
 * §7 "Watchlist and tickers", `/company/financials/get/{symbol}`).
 *
 * Change fields (docs/domain-rules.md "Market data"): `change_pct_N` is the percent change from
 * the last daily close on or before (quote day − N calendar days) to the current price;
 * `change_pct_1` is therefore the day change against the previous close. `days_31` / `days_365`
 * carry that reference close and the same percentage.
 */

// The plain watchlist and chart constants: in a module without zod, for a page's first load.
export * from './market-constants.ts';

/** Where a price comes from; the UI labels `demo` prices 'Demo data'. */
export const priceSourceSchema = z.enum(['demo', 'yahoo']);
export type PriceSource = z.infer<typeof priceSourceSchema>;

/** The close N days back and the change from it to the current price (percent). */
export const periodChangeSchema = z.object({
  close: z.number(),
  change_pct: z.number(),
});
export type PeriodChange = z.infer<typeof periodChangeSchema>;

/** Spec §3 "Optional financials per symbol". Prices in `currency`; percentages (1.5 = +1.5 %). */
export const financialsSchema = z.object({
  exchange_ticker: z.string(),
  /** Logo URL, or null when none is known (the UI shows initials). */
  image: z.string().nullable(),
  company_name: z.string(),
  quote_type: z.string(),
  price: z.number(),
  previous_close: z.number(),
  current_open: z.number(),
  currency: z.string(),
  /** `price − previous_close`. */
  change: z.number(),
  /** `change / previous_close × 100`. */
  change_pct: z.number(),
  day_low: z.number(),
  day_high: z.number(),
  change_pct_1: z.number().nullable(),
  change_pct_8: z.number().nullable(),
  change_pct_31: z.number().nullable(),
  change_pct_365: z.number().nullable(),
  /** Present when asked for (`add=31`); null when history does not reach back that far. */
  days_31: periodChangeSchema.nullable().optional(),
  /** Present when asked for (`add=365`). */
  days_365: periodChangeSchema.nullable().optional(),
  /** Epoch seconds the price refers to. */
  as_of: z.number(),
  /** Epoch seconds this snapshot was fetched from the provider: its age is now − updated_at. */
  updated_at: z.number(),
  source: priceSourceSchema,
});
export type Financials = z.infer<typeof financialsSchema>;

/** Watchlist names: letters, digits, `_` and `-`, up to 40 characters. */
export const watchlistNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1 to 40 letters, digits, _ or -');

/**
 * `GET /ticker/user/watchlist/get/{list}[?add_financials=1]` and the answers of append,
 * remove_ticker and rm. `financials` is keyed by symbol and present only with `add_financials=1`;
 * a symbol without data has no key (the client shows an 'N/A' row).
 */
export const watchlistResponseSchema = successResponse({
  name: z.string(),
  exchange_tickers: z.array(z.string()),
  financials: z.record(z.string(), financialsSchema).optional(),
});
export type WatchlistResponse = z.infer<typeof watchlistResponseSchema>;

/** `GET /company/financials/get/{symbol}[?add=31,365]`. */
export const financialsResponseSchema = successResponse({
  exchange_tickers: z.array(z.string()),
  financials: z.record(z.string(), financialsSchema),
});

/** Spec §3 Ticker query result. */
export const tickerSchema = z.object({
  exchange_ticker: z.string(),
  company_name: z.string(),
  currency: z.string(),
  price: z.number(),
  change: z.number(),
  change_pct: z.number(),
  image: z.string().nullable(),
  change_pct_1: z.number().nullable(),
  change_pct_8: z.number().nullable(),
  change_pct_31: z.number().nullable(),
  change_pct_365: z.number().nullable(),
  source: priceSourceSchema,
});
export type Ticker = z.infer<typeof tickerSchema>;

export const tickerQueryResponseSchema = successResponse({ tickers: z.array(tickerSchema) });

/** `/ticker/query/simple`: the fields a client may filter and sort on (spec §7). */
export const tickerQuerySpec = defineQuerySpec({
  fields: {
    exchange_ticker: { type: 'string', ops: ['eq', 'in', 'istartswith'], sortable: true },
    price: { type: 'number', sortable: true },
    change_pct: { type: 'number', sortable: true },
    change_pct_1: { type: 'number', sortable: true },
    change_pct_8: { type: 'number', sortable: true },
    change_pct_31: { type: 'number', sortable: true },
    change_pct_365: { type: 'number', sortable: true },
  },
  defaultOrder: ['-change_pct_1'],
  maxLimit: 100,
  defaultLimit: 20,
});

/** Spec §9 Top Growth tables: price ≥ 0.1, year and month change ≥ 0, year change < 1000. */
export function topGrowthQuery(sortBy: 'change_pct_1' | 'change_pct_8', limit = 5) {
  return {
    price__gte: '0.1',
    change_pct_365__gte: '0',
    change_pct_31__gte: '0',
    change_pct_365__lt: '1000',
    order_by: `-${sortBy}`,
    limit: String(limit),
  };
}

/** `GET /ticker/history/{ticker}` point (spec §3 Price history point), epoch seconds. */
export const pricePointSchema = z.object({
  creation_date: z.number(),
  open: z.number(),
  high: z.number(),
  low: z.number(),
  close: z.number(),
  volume: z.number(),
});
export type PricePoint = z.infer<typeof pricePointSchema>;

export const historyResponseSchema = successResponse({
  results: z.array(pricePointSchema),
  source: priceSourceSchema,
});
