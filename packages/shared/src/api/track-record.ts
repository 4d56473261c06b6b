import { z } from 'zod';
import { successResponse } from './envelope.ts';

/** Trading days after the call over which its company's return is measured against the market. */
export const TRACK_RECORD_HORIZONS = [1, 5, 20] as const;
export type TrackRecordHorizon = (typeof TRACK_RECORD_HORIZONS)[number];

/** Articles naming more companies than this are lists (movers, sector briefs), not calls. */
export const TRACK_RECORD_MAX_COMPANIES = 3;

/** Two-sided confidence level of the intervals (Wilson score interval). */
export const TRACK_RECORD_CONFIDENCE = 0.95;

/** Hits of one group of calls at one horizon; returns are fractions (0.012 = 1.2 %). */
export const trackRecordStatSchema = z.object({
  horizon: z.number().int(),
  /** Calls whose horizon has closed. */
  calls: z.number().int(),
  hits: z.number().int(),
  /** hits / calls; null without calls. */
  hit_rate: z.number().nullable(),
  ci_low: z.number().nullable(),
  ci_high: z.number().nullable(),
  /** Mean of the return against the market in the call's direction (positive: the calls paid). */
  mean_call_return: z.number().nullable(),
});
export type TrackRecordStat = z.infer<typeof trackRecordStatSchema>;

/** One row of a breakdown (a direction, a classification, a sentiment band). */
export const trackRecordGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  stats: z.array(trackRecordStatSchema),
});
export type TrackRecordGroup = z.infer<typeof trackRecordGroupSchema>;

/** Calibration: calls binned by score, with the mean move against the market that followed. */
export const trackRecordCalibrationBinSchema = z.object({
  label: z.string(),
  score_min: z.number(),
  score_max: z.number(),
  calls: z.number().int(),
  mean_score: z.number().nullable(),
  /** Mean excess return (company − market, not signed by the call) per horizon. */
  horizons: z.array(
    z.object({
      horizon: z.number().int(),
      calls: z.number().int(),
      mean_excess_return: z.number().nullable(),
    }),
  ),
});
export type TrackRecordCalibrationBin = z.infer<typeof trackRecordCalibrationBinSchema>;

/** One scored call, for the best and worst lists. */
export const trackRecordCallSchema = z.object({
  news_id: z.string(),
  title: z.string(),
  exchange_ticker: z.string(),
  company_name: z.string().nullable(),
  /** Epoch seconds. */
  published_at: z.number(),
  sentiment_score: z.number(),
  direction: z.enum(['bullish', 'bearish']),
  classification: z.string(),
  /** The close the call is measured from (the first close at or after publication). */
  entry_day: z.string(),
  horizons: z.array(
    z.object({
      horizon: z.number().int(),
      exit_day: z.string(),
      stock_return: z.number(),
      market_return: z.number(),
      excess_return: z.number(),
      hit: z.boolean(),
    }),
  ),
});
export type TrackRecordCall = z.infer<typeof trackRecordCallSchema>;

export const trackRecordSchema = z.object({
  /** Epoch seconds (business time) of the run that computed it. */
  computed_at: z.number(),
  /** The last trading day with stored prices that the run used. */
  as_of: z.string().nullable(),
  /** Computed on the offline demo data set (demo prices and demo news). */
  demo: z.boolean(),
  benchmark: z.object({ name: z.string(), symbol: z.string().nullable() }),
  horizons: z.array(z.number().int()),
  confidence: z.number(),
  max_companies_per_article: z.number().int(),
  /** Processed articles with a bullish or bearish score linked to at least one company. */
  articles: z.number().int(),
  /** Of them, list articles left out (more than `max_companies_per_article` companies). */
  list_articles: z.number().int(),
  /** Scored calls (article × company) with at least one closed horizon. */
  calls: z.number().int(),
  /** Calls whose first horizon has not closed yet, or without stored prices. */
  pending: z.number().int(),
  overall: z.array(trackRecordStatSchema),
  by_direction: z.array(trackRecordGroupSchema),
  by_classification: z.array(trackRecordGroupSchema),
  by_band: z.array(trackRecordGroupSchema),
  calibration: z.array(trackRecordCalibrationBinSchema),
  /** The horizon the best and worst calls are ranked by. */
  ranking_horizon: z.number().int(),
  best: z.array(trackRecordCallSchema),
  worst: z.array(trackRecordCallSchema),
  /** How long the run took. */
  duration_ms: z.number().int(),
});
export type TrackRecord = z.infer<typeof trackRecordSchema>;

/** `GET /analysis/track-record`: the newest stored record; null until the first run finished. */
export const trackRecordResponseSchema = successResponse({
  track_record: trackRecordSchema.nullable(),
});
export type TrackRecordResponse = z.infer<typeof trackRecordResponseSchema>;
