import { z } from 'zod';
import { AMOUNT_MAX, boundedAmount, boundedDay, PRICE_MAX, QUANTITY_MAX } from './amounts.ts';
import { successResponse } from './envelope.ts';

/*
 * Portfolio tracking (spec §1 "track a share purchase", §2 /portfolio/register and /dashboard with
 * calendar, charts and widgets). The API paths are ours (the spec does not show them):
 *
 *   GET  /portfolio/list                                  → portfolioListResponseSchema
 *   POST /portfolio/create            { name }           → portfolioListResponseSchema
 *   GET  /portfolio/transactions?portfolio=default        → transactionListResponseSchema
 *   POST /portfolio/transactions/create  transactionInputSchema → transactionResponseSchema
 *   POST /portfolio/transactions/update/{id} transactionInputSchema → transactionResponseSchema
 *   GET  /portfolio/transactions/rm/{id}                  → { status: 'deleted', id }
 *   GET  /portfolio/snapshot?portfolio=default&range=1Y   → portfolioSnapshotResponseSchema
 *   GET  /portfolio/export?portfolio=default              → text/csv (our format, CSV_COLUMNS)
 *   POST /portfolio/import/preview    importRequestSchema → importPreviewResponseSchema
 *   POST /portfolio/import            importRequestSchema → { status, imported } (all or nothing)
 *   GET  /calendar/events?from=YYYY-MM-DD&to=YYYY-MM-DD   → calendarResponseSchema
 *   POST /calendar/events/create      calendarEventInputSchema → calendarEventResponseSchema
 *   POST /calendar/events/update/{id} calendarEventInputSchema → calendarEventResponseSchema
 *   GET  /calendar/events/rm/{id}                          → { status: 'deleted', id }
 *   GET  /company/recommendations?limit=20                 → recommendationsResponseSchema
 *   GET  /user/widgets                                      → widgetsResponseSchema
 *   POST /user/widgets                { widgets }          → widgetsResponseSchema
 *
 * Dates are calendar days `YYYY-MM-DD` (the trading day a transaction happened, in the exchange's
 * sense), amounts in the listing's currency, percentages as numbers (1.5 = +1.5 %).
 */

export const DEFAULT_PORTFOLIO = 'default';
export const PORTFOLIOS_PER_USER_MAX = 10;
export const TRANSACTIONS_PER_PORTFOLIO_MAX = 20_000;
/** Longest CSV import (bytes). */
export const IMPORT_MAX_BYTES = 2_000_000;

export const TRANSACTION_TYPES = ['buy', 'sell', 'dividend', 'fee', 'split'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** How the cost of what is sold is taken out of the position (stated on the dashboard). */
export const COST_METHOD = 'average' as const;
export const COST_METHOD_LABEL = 'Average cost';

export const PERFORMANCE_RANGES = ['1D', '1W', '1M', 'YTD', '1Y', 'MAX'] as const;
export type PerformanceRange = (typeof PERFORMANCE_RANGES)[number];

const day = z.iso.date();
const portfolioName = z
  .string()
  .trim()
  .min(1, 'The portfolio name is empty.')
  .max(40, 'A portfolio name has at most 40 characters.');

/**
 * One transaction as a client sends it. `quantity`: shares bought or sold; for a split the ratio
 * (2 = two for one); for a dividend the shares it was paid on (or 1 with `price` the total).
 * `price`: per share (buy/sell), per share paid (dividend), 0 for a split; `fees` ≥ 0. Each within
 * the bounds of amounts.ts (finite, at most 10¹² shares, 10⁹ a share, 8 decimals, from 1900).
 */
export const transactionInputSchema = z.object({
  portfolio: portfolioName.default(DEFAULT_PORTFOLIO),
  type: z.enum(TRANSACTION_TYPES),
  symbol: z.string().trim().min(1).max(40),
  date: boundedDay,
  quantity: boundedAmount({ max: QUANTITY_MAX, zeroAllowed: false }),
  price: boundedAmount({ max: PRICE_MAX, zeroAllowed: true }),
  fees: boundedAmount({ max: AMOUNT_MAX, zeroAllowed: true }).default(0),
  currency: z.string().length(3).optional(),
  note: z.string().max(500).default(''),
});
export type TransactionInput = z.input<typeof transactionInputSchema>;

export const transactionSchema = z.object({
  id: z.string(),
  portfolio: z.string(),
  type: z.enum(TRANSACTION_TYPES),
  symbol: z.string(),
  date: day,
  quantity: z.number(),
  price: z.number(),
  fees: z.number(),
  currency: z.string(),
  note: z.string(),
  /** Epoch seconds. */
  created_at: z.number(),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const transactionResponseSchema = successResponse({ transaction: transactionSchema });
export const transactionListResponseSchema = successResponse({
  portfolio: z.string(),
  transactions: z.array(transactionSchema),
});
export const portfolioListResponseSchema = successResponse({ portfolios: z.array(z.string()) });

/** One position now. Money in the listing's currency; `null` where no price is known yet. */
export const holdingSchema = z.object({
  symbol: z.string(),
  company_name: z.string(),
  gics_sector: z.string().nullable(),
  gics_sub_industry: z.string().nullable(),
  currency: z.string(),
  quantity: z.number(),
  /** Cost basis per share by COST_METHOD. */
  average_cost: z.number(),
  cost_basis: z.number(),
  price: z.number().nullable(),
  market_value: z.number().nullable(),
  /** Value change since the previous close, money and percent. */
  day_change: z.number().nullable(),
  day_change_pct: z.number().nullable(),
  unrealized_pnl: z.number().nullable(),
  unrealized_pnl_pct: z.number().nullable(),
  realized_pnl: z.number(),
  dividends: z.number(),
  fees: z.number(),
  /** Share of the portfolio's market value (percent). */
  weight_pct: z.number().nullable(),
  /** This position's part of the portfolio's total return over the chosen range (percent points). */
  contribution_pct: z.number().nullable(),
  source: z.enum(['demo', 'yahoo']).nullable(),
});
export type Holding = z.infer<typeof holdingSchema>;

export const rangeReturnSchema = z.object({
  range: z.enum(PERFORMANCE_RANGES),
  /** Time-weighted return (cash flows neutralised), percent; null when the range has no data. */
  twr_pct: z.number().nullable(),
  /** Money-weighted return (XIRR, annualised for ranges over a year), percent. */
  mwr_pct: z.number().nullable(),
  /** The benchmark's return over the same range, percent. */
  benchmark_pct: z.number().nullable(),
});
export type RangeReturn = z.infer<typeof rangeReturnSchema>;

/** One day of the value series (closing values). */
export const valuePointSchema = z.object({
  date: day,
  value: z.number(),
  /** Money put in minus money taken out up to that day. */
  net_invested: z.number(),
  /**
   * The portfolio's TWR index (100 on the first day of the range); null where it is unknown (the
   * portfolio was worth nothing at the range's start).
   */
  twr_index: z.number().nullable(),
  /** The benchmark's index (100 on the first day of the range). */
  benchmark_index: z.number().nullable(),
});
export type ValuePoint = z.infer<typeof valuePointSchema>;

export const allocationSchema = z.object({
  name: z.string(),
  value: z.number(),
  weight_pct: z.number(),
});

export const portfolioSnapshotSchema = z.object({
  portfolio: z.string(),
  /** Business time the snapshot is for (epoch seconds). */
  as_of: z.number(),
  currency: z.string(),
  cost_method: z.literal(COST_METHOD),
  benchmark: z.object({ name: z.string(), symbol: z.string().nullable() }),
  summary: z.object({
    market_value: z.number(),
    cost_basis: z.number(),
    day_change: z.number(),
    day_change_pct: z.number().nullable(),
    unrealized_pnl: z.number(),
    realized_pnl: z.number(),
    dividends: z.number(),
    fees: z.number(),
    /** Total return since the first transaction: (value + sold + dividends − bought − fees). */
    total_return: z.number(),
    total_return_pct: z.number().nullable(),
  }),
  holdings: z.array(holdingSchema),
  /** Closed positions (quantity 0) that still carry realised P&L or dividends. */
  closed: z.array(holdingSchema),
  returns: z.array(rangeReturnSchema),
  range: z.enum(PERFORMANCE_RANGES),
  series: z.array(valuePointSchema),
  allocation: z.object({
    sector: z.array(allocationSchema),
    sub_industry: z.array(allocationSchema),
  }),
});
export type PortfolioSnapshot = z.infer<typeof portfolioSnapshotSchema>;
export const portfolioSnapshotResponseSchema = successResponse(portfolioSnapshotSchema.shape);

/** Our CSV format's header, in order (export writes it; import reads it without a mapping). */
export const CSV_COLUMNS = [
  'date',
  'type',
  'symbol',
  'quantity',
  'price',
  'fees',
  'currency',
  'note',
] as const;

/** Which column of a broker's file holds each field (by header name). */
export const columnMappingSchema = z.object({
  date: z.string().min(1),
  symbol: z.string().min(1),
  side: z.string().min(1),
  quantity: z.string().min(1),
  price: z.string().min(1),
  fees: z.string().optional(),
  currency: z.string().optional(),
  note: z.string().optional(),
});
export type ColumnMapping = z.infer<typeof columnMappingSchema>;

export const importRequestSchema = z.object({
  portfolio: portfolioName.default(DEFAULT_PORTFOLIO),
  csv: z.string().max(IMPORT_MAX_BYTES),
  /** Absent: our own format (CSV_COLUMNS). */
  mapping: columnMappingSchema.optional(),
});
export type ImportRequest = z.input<typeof importRequestSchema>;

export const importRowSchema = z.object({
  /** 1-based line of the file (the header is line 1). */
  line: z.number().int(),
  transaction: transactionSchema.omit({ id: true, created_at: true, portfolio: true }).nullable(),
  errors: z.array(z.string()),
});
export const importPreviewResponseSchema = successResponse({
  headers: z.array(z.string()),
  rows: z.array(importRowSchema),
  valid: z.boolean(),
});
export const importResponseSchema = successResponse({ imported: z.number().int() });

export const CALENDAR_EVENT_KINDS = ['earnings', 'dividend', 'user'] as const;

export const calendarEventInputSchema = z.object({
  /** Spec §5: an event needs a title. */
  title: z.string().trim().min(1, 'The event needs a title.').max(200),
  date: day,
  note: z.string().max(1000).default(''),
  symbol: z.string().trim().max(40).optional(),
});
export type CalendarEventInput = z.input<typeof calendarEventInputSchema>;

export const calendarEventSchema = z.object({
  /** The user's events have an id; earnings and dividend dates are derived (id null). */
  id: z.string().nullable(),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  date: day,
  title: z.string(),
  note: z.string(),
  symbol: z.string().nullable(),
  /** Why it is on the user's calendar: a holding, a watched company, or their own event. */
  reason: z.enum(['holding', 'watchlist', 'own']),
  source: z.enum(['demo', 'yahoo', 'user']),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;
export const calendarResponseSchema = successResponse({ events: z.array(calendarEventSchema) });
export const calendarEventResponseSchema = successResponse({ event: calendarEventSchema });

/** Spec §9: the recommendations query returns 20; percentages are shown without decimals. */
export const RECOMMENDATIONS_LIMIT = 20;

export const recommendationSchema = z.object({
  exchange_ticker: z.string(),
  company_name: z.string(),
  /** The ranking score (documented in docs/domain-rules.md "Recommendations"). */
  score: z.number(),
  /** One line: why it ranks here. */
  reason: z.string(),
  change_pct_31: z.number().nullable(),
  change_pct_365: z.number().nullable(),
  /** Mean sentiment of the recent processed news, −10…+10; null without news. */
  news_sentiment: z.number().nullable(),
  /** The latest company analysis's score, −10…+10; null without one. */
  analysis_score: z.number().nullable(),
});
export type Recommendation = z.infer<typeof recommendationSchema>;
export const recommendationsResponseSchema = successResponse({
  recommendations: z.array(recommendationSchema),
});

export const WIDGET_IDS = [
  'movers',
  'holdings_news',
  'ai_summary',
  'upcoming_events',
  'recommendations',
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];
export const widgetSettingSchema = z.object({ id: z.enum(WIDGET_IDS), visible: z.boolean() });
/** The user's widgets in their order; a user who never chose gets every widget, in WIDGET_IDS order. */
export const widgetsBodySchema = z.object({ widgets: z.array(widgetSettingSchema).max(20) });
export const widgetsResponseSchema = successResponse({ widgets: z.array(widgetSettingSchema) });
