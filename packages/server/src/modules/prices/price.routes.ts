import { errorResponseSchema } from '@app/shared/api/envelope';
import { historyResponseSchema, type PriceSource } from '@app/shared/api/market';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { z } from 'zod';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PriceHistoryService } from './price-history.service.ts';
import type { Clock } from '../../clock.ts';

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

/** Spec §7 `GET /ticker/history/{ticker}`: daily bars for the chart, one year by default. */
export function priceRoutes(
  app: ZodApp,
  { history, source, clock }: { history: PriceHistoryService; source: string; clock: Clock },
) {
  app.get(
    '/ticker/history/:ticker',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tickers'],
        summary: 'Daily OHLCV history; range 1m, 3m, 6m, ytd, 1y (default), 5y, 10y or max',
        params: z.object({ ticker: exchangeTickerSchema }),
        querystring: queryParams({
          range: z.enum(Object.keys(RANGES) as [keyof typeof RANGES]).default('1y'),
        }),
        response: {
          200: historyResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const to = clock.now();
      const from = new Date(to);
      const { range } = request.query;
      if (range === 'ytd') from.setUTCMonth(0, 1);
      else from.setUTCDate(from.getUTCDate() - RANGES[range]);
      const bars = await history.history(
        request.params.ticker,
        from.toISOString().slice(0, 10),
        to.toISOString().slice(0, 10),
      );
      return {
        status: 'success' as const,
        results: bars.map((bar) => ({
          creation_date: Date.parse(`${bar.day}T00:00:00Z`) / 1000,
          open: bar.open,
          high: bar.high,
          low: bar.low,
          close: bar.close,
          volume: bar.volume,
        })),
        source: source as PriceSource,
      };
    },
  );
}
