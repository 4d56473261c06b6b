import {
  categoriesResponseSchema,
  companiesResponseSchema,
  companyWithNewsResponseSchema,
  relatedResponseSchema,
  suggestionResponseSchema,
  SUGGESTION_QUERY_MAX,
} from '@app/shared/api/companies';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { projectFields } from '@app/shared/query/project-fields';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { companyQuery } from './company-query.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { companyDebugRoutes, type CompanyDebugDeps } from './company-debug.routes.ts';
import type { CompanyService } from './company.service.ts';
import type { Clock } from '../../clock.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import { jsonBody, sendJson } from '../../http/kept-json.ts';

/**
 * How long serialised answers are reused: company profiles and listings change only when they are
 * loaded or refreshed, related companies and suggestions with them (and with weeks of news); the
 * company page's news (`query_symbol`) as long as a feed answer.
 */
export const COMPANY_ANSWER_TTL_MS = 60_000;
export const COMPANY_NEWS_TTL_MS = 5_000;
/**
 * A busy answer is rebuilt this long before it expires, in the background (answer-cache.ts):
 * `query_symbol`'s rebuild reads the newest of a million articles and checks 20 of them, and
 * every caller of the key waited for it.
 */
const REFRESH_AHEAD_MS = 1_000;

/** The key of a query-language question: its parameters in a fixed order. */
const queryKey = (query: Record<string, string | string[]>) =>
  JSON.stringify(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const suggestionQuery = queryParams({
  query: z
    .string()
    .max(SUGGESTION_QUERY_MAX, `must be at most ${SUGGESTION_QUERY_MAX} characters`)
    .default(''),
});

/** Symbols are stored upper-case; `exchange_tickers` filters match them in any case. */
function upperCaseSymbols(query: Record<string, string | string[]>) {
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) =>
      key === 'exchange_tickers' || key.startsWith('exchange_tickers__')
        ? [key, Array.isArray(value) ? value.map((v) => v.toUpperCase()) : value.toUpperCase()]
        : [key, value],
    ),
  );
}

/** Spec §7 "Companies" (query, categories) and "Suggestions". */
export function companyRoutes(
  app: ZodApp,
  {
    companies,
    clock,
    debug,
  }: {
    companies: CompanyService;
    clock: Clock;
    debug: CompanyDebugDeps;
  },
) {
  const tags = ['companies'];
  const errors = errorAnswers(400);
  const route = moduleRoutes({ tags, errors });
  const refreshAheadMs = REFRESH_AHEAD_MS;
  const queryCache = createAnswerCache({
    ttlMs: COMPANY_ANSWER_TTL_MS,
    maxEntries: 2_000,
    refreshAheadMs,
  });
  const relatedCache = createAnswerCache({
    ttlMs: COMPANY_ANSWER_TTL_MS,
    maxEntries: 2_000,
    refreshAheadMs,
  });
  const newsCache = createAnswerCache({
    ttlMs: COMPANY_NEWS_TTL_MS,
    maxEntries: 1_000,
    refreshAheadMs,
  });
  const suggestionCache = createAnswerCache({ ttlMs: COMPANY_ANSWER_TTL_MS, maxEntries: 5_000 });
  const categoryCache = createAnswerCache({ ttlMs: COMPANY_ANSWER_TTL_MS, maxEntries: 100 });
  companyDebugRoutes(app, { companies, clock, debug });

  // query_cache answers the same query, cacheable by browsers and proxies for five minutes.
  for (const [url, cacheable] of [
    ['/company/query', false],
    ['/company/query_cache', true],
  ] as const) {
    app.get(
      url,
      route({
        access: 'public',
        summary:
          'Companies by the query language (exchange_tickers=, id=, company_name=, safe_name= …)',
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: companiesResponseSchema,
      }),
      async (request, reply) => {
        const query = upperCaseSymbols(request.query);
        const ast = companyQuery.parse(query, { now: clock.now() });
        const body = await queryCache.get(queryKey(query), async () => {
          const found = await companies.query(ast);
          return {
            body: jsonBody({
              status: 'success' as const,
              companies: found.map((company) => projectFields(company, ast.only, ['id'])),
            } satisfies z.input<typeof companiesResponseSchema>),
          };
        });
        if (cacheable) void reply.header('cache-control', 'public, max-age=300');
        return sendJson(reply, body);
      },
    );
  }

  app.get(
    '/company/get_related/:ticker',
    route({
      access: 'public',
      summary:
        'Related companies: those the news mentions with it most (last 90 days) first, then the same sub-industry, then the same sector',
      params: z.object({ ticker: exchangeTickerSchema }),
      querystring: queryParams({ limit: z.coerce.number().int().min(1).max(50).default(25) }),
      response: relatedResponseSchema,
      errors: errorAnswers(400, 404),
    }),
    async (request, reply) => {
      const { ticker } = request.params;
      const { limit } = request.query;
      const body = await relatedCache.get(`${ticker}|${limit}`, async () => {
        const found = await companies.related(ticker, limit);
        if (!found) throw notFound(`Unknown symbol '${ticker}'.`);
        return {
          body: jsonBody({
            status: 'success' as const,
            result: found.company,
            related_companies: found.related,
          } satisfies z.input<typeof relatedResponseSchema>),
        };
      });
      return sendJson(reply, body);
    },
  );

  app.get(
    '/company/query_symbol/:symbol',
    route({
      access: 'public',
      summary:
        'The company behind an EXCHANGE:TICKER symbol and its 20 newest (or oldest) news articles, ordered by order_by',
      params: z.object({ symbol: exchangeTickerSchema }),
      querystring: queryParams({
        order_by: z.enum(['creation_date', '-creation_date']).default('-creation_date'),
      }),
      response: companyWithNewsResponseSchema,
      errors: errorAnswers(400, 404),
    }),
    async (request, reply) => {
      const { symbol } = request.params;
      const direction = request.query.order_by.startsWith('-') ? 'desc' : 'asc';
      const body = await newsCache.get(`${symbol}|${direction}`, async () => {
        const found = await companies.withNews(symbol, direction);
        if (!found) throw notFound(`Unknown symbol '${symbol}'.`);
        return {
          body: jsonBody({
            status: 'success' as const,
            companies: [found.company],
            news: found.news,
          } satisfies z.input<typeof companyWithNewsResponseSchema>),
        };
      });
      return sendJson(reply, body);
    },
  );

  app.get(
    '/company/categories',
    route({
      access: 'public',
      summary: 'GICS sectors with counts, or the sub-industries of one sector',
      querystring: queryParams({
        group: z.enum(['gics_sector', 'gics_sub_industry']).default('gics_sector'),
        gics_sector: z.string().max(100).optional(),
      }),
      response: categoriesResponseSchema,
    }),
    async (request, reply) => {
      const { group, gics_sector: sector } = request.query;
      const body = await categoryCache.get(JSON.stringify([group, sector]), async () => ({
        body: jsonBody({
          status: 'success' as const,
          result: await companies.categories(group, sector),
        } satisfies z.input<typeof categoriesResponseSchema>),
      }));
      return sendJson(reply, body);
    },
  );

  for (const url of ['/ticker/suggestions', '/company/suggestions']) {
    app.get(
      url,
      route({
        access: 'public',
        summary: 'Ranked suggestions: exact ticker, ticker prefix, name prefix, name word, fuzzy',
        querystring: suggestionQuery,
        response: suggestionResponseSchema,
      }),
      async (request, reply) => {
        const { query } = request.query;
        const body = await suggestionCache.get(query, async () => {
          const rows = await companies.suggest(query);
          return {
            body: jsonBody({
              status: 'success' as const,
              query,
              suggestions: rows.map((row) => row.exchange_ticker),
              extra: rows.map((row) => `${row.company_name} · ${row.gics_sector}`),
            } satisfies z.input<typeof suggestionResponseSchema>),
          };
        });
        return sendJson(reply, body);
      },
    );
  }
}
