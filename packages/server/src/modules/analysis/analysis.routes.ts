import { companyAnalysesResponseSchema } from '@app/shared/api/analysis';
import { projectFields } from '@app/shared/query/project-fields';
import { z } from 'zod';
import { analysisQuery } from './analysis-query.ts';
import { notFound } from '../../http/errors.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AnalysesPage, AnalysisService } from './analysis.service.ts';
import type { Clock } from '../../clock.ts';
import { createAnswerCache } from '../../cache/answer-cache.ts';
import { jsonBody, sendJson } from '../../http/kept-json.ts';

/**
 * How long a serialised analyses answer is reused in the process: as long as browsers may keep it
 * (the HTTP cache's 30 s for analyses). A change of company_prompts clears it at once when the
 * process hears the database's notices (`onChange`); companies and cited articles change within
 * the lifetime.
 */
export const ANALYSES_ANSWER_TTL_MS = 30_000;

/** The key of a query-language question: its parameters in a fixed order, without `key`. */
const queryKey = (query: Record<string, string | string[]>) =>
  JSON.stringify(
    Object.entries(query)
      .filter(([name]) => name !== 'key')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

const errors = errorAnswers(400, 404);

const pageParams = queryParams({
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Spec §7 Companies: the analyst's company analyses (spec §3 Company prompt/review). */
export function analysisRoutes(
  app: ZodApp,
  {
    service,
    clock,
    onChange,
  }: {
    service: AnalysisService;
    clock: Clock;
    /** Registers a listener told on every change of company_prompts (any process). */
    onChange?: (listener: () => void) => void;
  },
) {
  const tags = ['companies'];
  const route = moduleRoutes({ tags, errors });
  // Every visitor of `/`, `/analysis/latest` and a symbol's page asks the same few pages. Kept
  // only where changes are heard (PROMPT_CACHE on).
  const answers = onChange
    ? createAnswerCache({ ttlMs: ANALYSES_ANSWER_TTL_MS, maxEntries: 2_000 })
    : undefined;
  if (answers) onChange?.(() => answers.clear());
  const cached = async (key: string, build: () => Promise<{ body: Buffer }>) =>
    answers ? answers.get(key, build) : (await build()).body;

  /** The envelope of a page of analyses; `only` projects each analysis's fields. */
  const answer = (page: AnalysesPage, only: readonly string[] | null) => ({
    status: 'success' as const,
    news: page.analyses.map((item) => projectFields(item, only, ['id'])),
    companies: page.companies,
  });

  app.get(
    '/company/latest_prompts',
    route({
      access: 'public',
      summary: "Each company's latest AI analysis, newest first, with the companies",
      querystring: pageParams,
      response: companyAnalysesResponseSchema,
    }),
    async (request, reply) => {
      const { skip, limit } = request.query;
      const body = await cached(`latest:${skip}:${limit}`, async () => ({
        body: jsonBody(answer(await service.latestPage(skip, limit), null)),
      }));
      return sendJson(reply, body);
    },
  );

  app.get(
    '/company/query_prompts',
    route({
      access: 'public',
      summary:
        'Company analyses by the query language (company_id, ai_summary__exists, order_by=-ai_upload_date, only, skip, limit) or symbol=EXCHANGE:TICKER',
      querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: companyAnalysesResponseSchema,
    }),
    async (request, reply) => {
      // A question is kept only once it was answered, so a hit needs no parsing again.
      const body = await cached(`query:${queryKey(request.query)}`, async () => {
        const ast = analysisQuery.parse(request.query, { now: clock.now() });
        const page = await service.query(ast);
        if (!page) throw notFound('Company not found');
        return { body: jsonBody(answer(page, ast.only)) };
      });
      return sendJson(reply, body);
    },
  );
}
