import { z } from 'zod';
import { defineQuerySpec } from '../query/query-spec.ts';
import { queryFlagSchema } from '../query/query-flag.ts';
import { successResponse } from './envelope.ts';

/**
 * The stock screener: listings filtered and sorted by the query language over precomputed
 * per-listing metrics (docs/domain-rules.md "Screener"). Every figure the provider or the history
 * does not give is null, shown as unknown; a range filter on it leaves such listings out.
 */

const range = {
  type: 'number',
  ops: ['gt', 'gte', 'lt', 'lte', 'exists'],
  sortable: true,
} as const;
const text = { type: 'string', ops: ['eq', 'ne', 'in', 'nin'], sortable: true } as const;

/** `/screener/query`: the fields a client may filter and sort on. */
export const screenerQuerySpec = defineQuerySpec({
  fields: {
    exchange_ticker: { type: 'string', ops: ['eq', 'in', 'istartswith'], sortable: true },
    company_name: { type: 'string', ops: ['icontains', 'istartswith'], sortable: true },
    sector: text,
    industry: text,
    exchange: text,
    price: range,
    market_cap: range,
    change_pct_1: range,
    change_pct_8: range,
    change_pct_31: range,
    change_pct_365: range,
    from_high_pct: range,
    from_low_pct: range,
    avg_volume: range,
    dividend_yield: range,
    pe_ratio: range,
    news_count_7d: { type: 'integer', ops: ['gt', 'gte', 'lt', 'lte'], sortable: true },
    sentiment_7d: range,
  },
  extras: {
    /** Only listings in the caller's watchlists (signed-in callers). */
    in_watchlist: queryFlagSchema,
    /** Only listings the caller holds (signed-in callers). */
    in_portfolio: queryFlagSchema,
  },
  defaultOrder: ['-market_cap'],
  defaultLimit: 25,
  maxLimit: 100,
});

/** The public field names of the screener, in table order. */
export const SCREENER_FIELDS = Object.keys(screenerQuerySpec.fields) as ScreenerField[];
export type ScreenerField = keyof typeof screenerQuerySpec.fields;

/** One listing's row of the screener; null is unknown. Percentages: 1.5 means +1.5 %. */
export const screenerRowSchema = z.object({
  exchange_ticker: z.string(),
  company_name: z.string(),
  sector: z.string().nullable(),
  industry: z.string().nullable(),
  exchange: z.string(),
  currency: z.string().nullable(),
  price: z.number().nullable(),
  /** Shares outstanding × price, in `currency`. */
  market_cap: z.number().nullable(),
  change_pct_1: z.number().nullable(),
  change_pct_8: z.number().nullable(),
  change_pct_31: z.number().nullable(),
  change_pct_365: z.number().nullable(),
  /** The 52-week high and low (daily highs and lows of the last 365 days, the price included). */
  high_52w: z.number().nullable(),
  low_52w: z.number().nullable(),
  /** Price relative to the 52-week high, in percent (0 at the high, negative below it). */
  from_high_pct: z.number().nullable(),
  /** Price relative to the 52-week low, in percent (0 at the low, positive above it). */
  from_low_pct: z.number().nullable(),
  /** Mean daily volume of the sessions of the last 91 days. */
  avg_volume: z.number().nullable(),
  /** Yearly dividend per share / price, in percent; 0 for a company that pays none. */
  dividend_yield: z.number().nullable(),
  /** Price / trailing earnings per share; null when unknown or earnings are not positive. */
  pe_ratio: z.number().nullable(),
  /** Articles about the listing in the last 7 days. */
  news_count_7d: z.number(),
  /** Mean analyst sentiment (−10 … +10) of those articles; null without a scored article. */
  sentiment_7d: z.number().nullable(),
});
export type ScreenerRow = z.infer<typeof screenerRowSchema>;

/** `GET /screener/query`: one page of matches, the number of all matches, when figures were computed. */
export const screenerResponseSchema = successResponse({
  listings: z.array(screenerRowSchema),
  total: z.number(),
  skip: z.number(),
  limit: z.number(),
  /** Epoch seconds the metrics were last computed; null before the first computation. */
  computed_at: z.number().nullable(),
});
export type ScreenerResponse = z.infer<typeof screenerResponseSchema>;

/** `GET /screener/facets`: the values the text filters offer. */
export const screenerFacetsResponseSchema = successResponse({
  sectors: z.array(z.string()),
  industries: z.array(z.object({ sector: z.string(), industry: z.string() })),
  exchanges: z.array(z.string()),
});
export type ScreenerFacets = z.infer<typeof screenerFacetsResponseSchema>;

function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 32 || code === 127) return true;
  }
  return false;
}

/** A saved screen's name: 1–60 printable characters. */
export const screenNameSchema = z
  .string()
  .trim()
  .min(1, 'Give the screen a name.')
  .max(60, 'A screen name has at most 60 characters.')
  .refine((name) => !hasControlCharacter(name), 'A screen name has no control characters.');

/** A screen's query string as the screener's URL holds it (`sector=Energy&order_by=-price`). */
export const screenQueryStringSchema = z
  .string()
  .max(2000, 'A screen query has at most 2,000 characters.');

export const savedScreenSchema = z.object({
  id: z.string(),
  name: z.string(),
  query: z.string(),
  /** Epoch seconds. */
  created_at: z.number(),
});
export type SavedScreen = z.infer<typeof savedScreenSchema>;

/** `GET /screener/screens` and the answers of save and delete: the caller's screens and plan limit. */
export const savedScreensResponseSchema = successResponse({
  screens: z.array(savedScreenSchema),
  /** How many screens the caller's plan keeps. */
  limit: z.number(),
  /** The plan's name as messages call it. */
  plan: z.string(),
});
export type SavedScreensResponse = z.infer<typeof savedScreensResponseSchema>;

export const saveScreenBodySchema = z.object({
  name: screenNameSchema,
  query: screenQueryStringSchema,
});
export type SaveScreenBody = z.infer<typeof saveScreenBodySchema>;

export const deleteScreenBodySchema = z.object({ id: z.uuid('Unknown screen.') });

/** Ready-made screens: each is a query string of the screener's own language. */
export const SCREENER_PRESETS = [
  {
    id: 'near-high',
    label: 'Near 52-week high',
    query: 'from_high_pct__gte=-5&order_by=-from_high_pct',
  },
  {
    id: 'month-losers',
    label: 'Biggest losers this month',
    query: 'change_pct_31__lt=0&order_by=change_pct_31',
  },
  {
    id: 'bullish-news',
    label: 'Bullish news this week',
    query: 'news_count_7d__gte=1&sentiment_7d__gte=2&order_by=-sentiment_7d',
  },
  {
    id: 'high-dividend',
    label: 'High dividend yield',
    query: 'dividend_yield__gte=3&order_by=-dividend_yield',
  },
] as const;
