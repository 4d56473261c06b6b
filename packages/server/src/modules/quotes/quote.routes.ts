import { errorResponseSchema } from '@app/shared/api/envelope';
import { financialsResponseSchema, tickerQueryResponseSchema } from '@app/shared/api/market';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { tickerQuery } from './ticker-query.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { JobSender } from '../../jobs/job-catalog.ts';
import { RATE_RULES, type RateLimiter } from '../security/rate-limiter.ts';
import { QUOTE_ANSWER_TTL_MS, type QuoteService } from './quote.service.ts';
import type { Clock } from '../../clock.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import { jsonBody, sendJson } from '../../http/kept-json.ts';

/** Most symbols one financials call may ask for. */
export const FINANCIALS_MAX_SYMBOLS = 50;

/** `NASDAQ:AAPL` or a comma-separated list of them. */
const symbolListSchema = z
  .string()
  .max(FINANCIALS_MAX_SYMBOLS * 41)
  .transform((value) => value.split(',').filter((part) => part.trim() !== ''))
  .pipe(
    z
      .array(exchangeTickerSchema)
      .min(1, 'must name at least one symbol')
      .max(FINANCIALS_MAX_SYMBOLS, `must name at most ${FINANCIALS_MAX_SYMBOLS} symbols`),
  );

/** `add=31,365`: which `days_N` objects to add. */
const addSchema = z
  .string()
  .regex(/^(31|365)(,(31|365))?$/, 'must be 31, 365 or 31,365')
  .optional()
  .transform(
    (value) => new Set((value ?? '').split(',').filter(Boolean).map(Number) as (31 | 365)[]),
  );

const route = moduleRoutes({ tags: ['tickers'], errors: errorAnswers() });

/** Spec §7: financials, the ticker query and invalidation. */
export function quoteRoutes(
  app: ZodApp,
  deps: {
    quotes: QuoteService;
    jobs: JobSender;
    limiter: RateLimiter;
    clock: Clock;
  },
) {
  const financialsCache = createAnswerCache({ ttlMs: QUOTE_ANSWER_TTL_MS, maxEntries: 5_000 });
  const tickerCache = createAnswerCache({ ttlMs: QUOTE_ANSWER_TTL_MS, maxEntries: 500 });
  app.get(
    '/company/financials/get/:symbol',
    route({
      access: 'public',
      summary: `Latest quote and change fields of one symbol or up to ${FINANCIALS_MAX_SYMBOLS} comma-separated ones; add=31,365 adds days_31/days_365`,
      params: z.object({ symbol: symbolListSchema }),
      querystring: queryParams({ add: addSchema }),
      response: financialsResponseSchema,
      errors: errorAnswers(400, 404),
    }),
    async (request, reply) => {
      const symbols = [...new Set(request.params.symbol)];
      const add = request.query.add;
      const key = `${symbols.join(',')}|${[...add].sort().join(',')}|${deps.quotes.version}`;
      const body = await financialsCache.get(key, async () => {
        const { known, financials, freshUntil } = await deps.quotes.financials(symbols, add);
        if (known.length === 0) throw notFound(`Unknown symbol '${symbols.join(',')}'.`);
        return {
          body: jsonBody({
            status: 'success' as const,
            exchange_tickers: known,
            financials,
          } satisfies z.input<typeof financialsResponseSchema>),
          ttlMs: Math.min(QUOTE_ANSWER_TTL_MS, freshUntil - deps.clock.now().getTime()),
        };
      });
      return sendJson(reply, body);
    },
  );

  app.get(
    '/ticker/query/simple',
    route({
      access: 'public',
      summary:
        'Listings with their latest quote by the query language (price__gte, change_pct_N__gte/__lt, order_by=-change_pct_1 …, limit)',
      querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: tickerQueryResponseSchema,
      errors: errorAnswers(400),
    }),
    async (request, reply) => {
      const ast = tickerQuery.parse(request.query, { now: deps.clock.now() });
      const key = `${JSON.stringify(ast)}|${deps.quotes.version}`;
      const body = await tickerCache.get(key, async () => ({
        body: jsonBody(await tickers(ast)),
      }));
      return sendJson(reply, body);
    },
  );

  /** The top-growth answer of a parsed ticker query. */
  async function tickers(
    ast: ReturnType<typeof tickerQuery.parse>,
  ): Promise<z.input<typeof tickerQueryResponseSchema>> {
    return { status: 'success' as const, tickers: await deps.quotes.query(ast) };
  }

  app.get(
    '/ticker/invalidate/:symbol',
    {
      config: { access: 'public' },
      schema: {
        tags: ['tickers'],
        summary: 'Queues a refresh of the quote (and missing history) of a symbol; answers at once',
        params: z.object({ symbol: exchangeTickerSchema }),
        response: {
          200: z.object({ status: z.literal('success') }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { symbol } = request.params;
      await deps.limiter.hit(RATE_RULES.invalidatePerAddress, request.ip);
      if ((await deps.quotes.existing([symbol])).length === 0) {
        throw notFound(`Unknown symbol '${symbol}'.`);
      }
      await deps.jobs.enqueue(
        'market.refresh-symbols',
        { symbols: [symbol] },
        { singletonKey: symbol },
      );
      return { status: 'success' as const };
    },
  );
}
