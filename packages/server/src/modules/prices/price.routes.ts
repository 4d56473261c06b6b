import { historyResponseSchema, type PriceSource } from '@app/shared/api/market';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { z } from 'zod';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PriceHistoryService } from './price-history.service.ts';
import type { Clock } from '../../clock.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import { jsonBody, sendJson } from '../../http/kept-json.ts';
import { isoDay } from '@app/shared/dates';

/**
 * How long a serialised series is reused. Bars change once a day (the key holds the day) or when
 * this process stores some of the symbol (the key holds the symbol's version in the history
 * service); the lifetime bounds how late a bar stored by another process shows.
 */
export const HISTORY_CACHE_TTL_MS = 60_000;

const RANGES = {
  '1m': 31,
  '3m': 92,
  '6m': 183,
  ytd: 0,
  '1y': 366,
  '5y': 1827,
  '10y': 3653,
  max: 3653,
} as const;

const route = moduleRoutes({ tags: ['tickers'], errors: errorAnswers() });

/** Spec §7 `GET /ticker/history/{ticker}`: daily bars for the chart, one year by default. */
export function priceRoutes(
  app: ZodApp,
  { history, source, clock }: { history: PriceHistoryService; source: string; clock: Clock },
) {
  // A busy series is rebuilt in the background in its last 5 s (answer-cache.ts), so no caller
  // of it waits for the rebuild.
  const cache = createAnswerCache({
    ttlMs: HISTORY_CACHE_TTL_MS,
    maxEntries: 2_000,
    refreshAheadMs: 5_000,
  });
  app.get(
    '/ticker/history/:ticker',
    route({
      access: 'public',
      summary: 'Daily OHLCV history; range 1m, 3m, 6m, ytd, 1y (default), 5y, 10y or max',
      params: z.object({ ticker: exchangeTickerSchema }),
      querystring: queryParams({
        range: z.enum(Object.keys(RANGES) as [keyof typeof RANGES]).default('1y'),
      }),
      response: historyResponseSchema,
      errors: errorAnswers(400, 404),
    }),
    async (request, reply) => {
      const to = clock.now();
      const from = new Date(to);
      const { range } = request.query;
      if (range === 'ytd') from.setUTCMonth(0, 1);
      else from.setUTCDate(from.getUTCDate() - RANGES[range]);
      const symbol = request.params.ticker;
      const fromDay = isoDay(from);
      const toDay = isoDay(to);
      const body = await cache.get(
        `${symbol}|${fromDay}|${toDay}|${history.versionOf(symbol)}`,
        async () => {
          const bars = await history.history(symbol, fromDay, toDay);
          return {
            body: jsonBody({
              status: 'success',
              results: bars.map((bar) => ({
                creation_date: Date.parse(`${bar.day}T00:00:00Z`) / 1000,
                open: bar.open,
                high: bar.high,
                low: bar.low,
                close: bar.close,
                volume: bar.volume,
              })),
              source: source as PriceSource,
            } satisfies z.input<typeof historyResponseSchema>),
          };
        },
      );
      return sendJson(reply, body);
    },
  );
}
