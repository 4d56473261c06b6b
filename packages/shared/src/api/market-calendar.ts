import { z } from 'zod';
import { successResponse } from './envelope.ts';

/*
 * The market calendar: earnings, dividends and splits of listings, stored from the market-data
 * source by a daily job. The API paths are ours (the spec does not show them):
 *
 *   GET  /market-calendar/week?kind=earnings|dividends&week=YYYY-MM-DD&scope=all|watchlist|holdings&sector=…
 *                                                   → marketWeekResponseSchema (public; scopes need a login)
 *   GET  /market-calendar/company/{EXCHANGE:TICKER} → companyUpcomingResponseSchema (public)
 *   GET  /market-calendar/holdings-week             → holdingsWeekResponseSchema (user)
 *   GET  /market-calendar/feed                      → feedStateResponseSchema (user)
 *   POST /market-calendar/feed/create               → feedCreatedResponseSchema (user; replaces any old link)
 *   POST /market-calendar/feed/revoke               → feedStateResponseSchema (user)
 *   GET  /market-calendar/feed/{token}.ics          → text/calendar (the token is the credential)
 */

const day = z.iso.date();

export const MARKET_EVENT_KINDS = ['earnings', 'dividend', 'split'] as const;
export type MarketEventKind = (typeof MARKET_EVENT_KINDS)[number];

/** When in the day results come out; `unknown` when the source does not say. */
export const EARNINGS_TIMINGS = ['before-open', 'after-close', 'unknown'] as const;
export type EarningsTiming = (typeof EARNINGS_TIMINGS)[number];

/** A story written about an event (results or a dividend declaration). */
export const eventStorySchema = z.object({ id: z.string(), title: z.string() });

/**
 * One stored event. `date` is the day it is listed under: the report day of results, the
 * ex-date of a dividend (the declaration day while no ex-date is known), a split's effective day.
 * Every figure is null when the source does not give it.
 */
export const marketEventSchema = z.object({
  symbol: z.string(),
  company_name: z.string().nullable(),
  sector: z.string().nullable(),
  kind: z.enum(MARKET_EVENT_KINDS),
  date: day,
  timing: z.enum(EARNINGS_TIMINGS),
  /** The fiscal quarter reported (`first` … `fourth`), when known. */
  fiscal_quarter: z.string().nullable(),
  eps_estimate: z.number().nullable(),
  eps_reported: z.number().nullable(),
  revenue_estimate: z.number().nullable(),
  revenue_reported: z.number().nullable(),
  /** (reported − estimate) / |estimate| in percent, when both are known. */
  eps_surprise_pct: z.number().nullable(),
  revenue_surprise_pct: z.number().nullable(),
  declared_date: day.nullable(),
  ex_date: day.nullable(),
  record_date: day.nullable(),
  pay_date: day.nullable(),
  /** Dividend per share in the listing's currency. */
  amount: z.number().nullable(),
  /** A split as `new:old`, e.g. `4:1`. */
  split_ratio: z.string().nullable(),
  source: z.enum(['demo', 'yahoo']),
  /** Stories about the event (results reported, dividend declared), newest first. */
  stories: z.array(eventStorySchema),
});
export type MarketEvent = z.infer<typeof marketEventSchema>;

export const CALENDAR_SCOPES = ['all', 'watchlist', 'holdings'] as const;
export type CalendarScope = (typeof CALENDAR_SCOPES)[number];

export const marketWeekQuerySchema = z.object({
  kind: z.enum(['earnings', 'dividends'], "kind is 'earnings' or 'dividends'."),
  /** Any day of the week wanted (its Monday is used); default: this week. */
  week: day.optional(),
  scope: z.enum(CALENDAR_SCOPES, "scope is 'all', 'watchlist' or 'holdings'.").default('all'),
  sector: z
    .string()
    .trim()
    .max(80, 'sector is at most 80 characters.')
    .refine((s) => !s.includes('\u0000'), 'sector contains a NUL character.')
    .optional(),
});
export type MarketWeekQuery = z.input<typeof marketWeekQuerySchema>;

export const marketWeekResponseSchema = successResponse({
  /** Monday of the week shown. */
  week: day,
  /** The five trading-week days, Monday to Friday. */
  days: z.array(day),
  events: z.array(marketEventSchema),
  /** Sectors that have events this week (for the filter). */
  sectors: z.array(z.string()),
  source: z.enum(['demo', 'yahoo']),
});
export type MarketWeekResponse = z.infer<typeof marketWeekResponseSchema>;

export const companyUpcomingResponseSchema = successResponse({
  symbol: z.string(),
  next_earnings: marketEventSchema.nullable(),
  next_ex_dividend: marketEventSchema.nullable(),
  /** The last four reported results, newest first. */
  last_results: z.array(marketEventSchema),
  source: z.enum(['demo', 'yahoo']),
});
export type CompanyUpcomingResponse = z.infer<typeof companyUpcomingResponseSchema>;

export const holdingsWeekResponseSchema = successResponse({
  week: day,
  events: z.array(marketEventSchema),
});
export type HoldingsWeekResponse = z.infer<typeof holdingsWeekResponseSchema>;

export const feedStateResponseSchema = successResponse({
  active: z.boolean(),
  created_at: z.number().int().nullable(),
});
export const feedCreatedResponseSchema = successResponse({
  /** The private feed path (shown once; only its hash is kept). */
  path: z.string(),
  created_at: z.number().int(),
});
