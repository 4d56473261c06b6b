import {
  categoriesResponseSchema,
  companiesResponseSchema,
  companyWithNewsResponseSchema,
  relatedResponseSchema,
  suggestionResponseSchema,
  SUGGESTION_QUERY_MAX,
} from '@app/shared/api/companies';
import { errorResponseSchema } from '@app/shared/api/envelope';
import { exchangeTickerSchema } from '@app/shared/api/tickers';
import { projectFields } from '@app/shared/query/project-fields';
import { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { companyQuery } from './company-query.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import { toApiCompany } from './company.mapper.ts';
import type { CompanyRepository } from './company.repository.ts';
import type { Clock } from '../../clock.ts';

const SUGGESTION_LIMIT = 10;

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
  { companies, clock }: { companies: CompanyRepository; clock: Clock },
) {
  const tags = ['companies'];
  const errors = { 400: errorResponseSchema };

  // query_cache answers the same query, cacheable by browsers and proxies for five minutes.
  for (const [url, cacheable] of [
    ['/company/query', false],
    ['/company/query_cache', true],
  ] as const) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'Companies by the query language (exchange_tickers=, id=, company_name=, safe_name= …)',
          querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
          response: { 200: companiesResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const ast = companyQuery.parse(upperCaseSymbols(request.query), {
          now: clock.now(),
        });
        const rows = await companies.query(ast);
        if (cacheable) void reply.header('cache-control', 'public, max-age=300');
        return {
          status: 'success' as const,
          companies: rows.map((row) => projectFields(toApiCompany(row), ast.only, ['id'])),
        };
      },
    );
  }

  app.get(
    '/company/get_related/:ticker',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Related companies: those the news mentions with it most (last 90 days) first, then the same sub-industry, then the same sector',
        params: z.object({ ticker: exchangeTickerSchema }),
        querystring: queryParams({ limit: z.coerce.number().int().min(1).max(50).default(25) }),
        response: { 200: relatedResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const company = await companies.companyOf(request.params.ticker);
      if (!company) throw notFound(`Unknown symbol '${request.params.ticker}'.`);
      const related = await companies.related(company, request.query.limit, clock.now());
      return {
        status: 'success' as const,
        result: toApiCompany(company),
        related_companies: related.map(toApiCompany),
      };
    },
  );

  app.get(
    '/company/query_symbol/:symbol',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'The company behind an EXCHANGE:TICKER symbol and its 20 newest (or oldest) news articles, ordered by order_by',
        params: z.object({ symbol: exchangeTickerSchema }),
        querystring: queryParams({
          order_by: z.enum(['creation_date', '-creation_date']).default('-creation_date'),
        }),
        response: { 200: companyWithNewsResponseSchema, ...errors, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const company = await companies.companyOf(request.params.symbol);
      if (!company) throw notFound(`Unknown symbol '${request.params.symbol}'.`);
      const direction = request.query.order_by.startsWith('-') ? 'desc' : 'asc';
      return {
        status: 'success' as const,
        companies: [toApiCompany(company)],
        news: await companies.newsOf(company.id, direction, 20),
      };
    },
  );

  app.get(
    '/company/categories',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'GICS sectors with counts, or the sub-industries of one sector',
        querystring: queryParams({
          group: z.enum(['gics_sector', 'gics_sub_industry']).default('gics_sector'),
          gics_sector: z.string().max(100).optional(),
        }),
        response: { 200: categoriesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { group, gics_sector: sector } = request.query;
      return { status: 'success' as const, result: await companies.categories(group, sector) };
    },
  );

  for (const url of ['/ticker/suggestions', '/company/suggestions']) {
    app.get(
      url,
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary: 'Ranked suggestions: exact ticker, ticker prefix, name prefix, name word, fuzzy',
          querystring: suggestionQuery,
          response: { 200: suggestionResponseSchema, ...errors },
        },
      },
      async (request) => {
        const text = request.query.query.trim();
        const rows = text.length === 0 ? [] : await companies.suggest(text, SUGGESTION_LIMIT);
        return {
          status: 'success' as const,
          query: request.query.query,
          suggestions: rows.map((row) => row.exchange_ticker),
          extra: rows.map((row) => `${row.company_name} · ${row.gics_sector}`),
        };
      },
    );
  }
}
