import { companyAnalysesResponseSchema } from '@app/shared/api/analysis';
import { errorResponseSchema } from '@app/shared/api/envelope';
import { projectFields } from '@app/shared/query/project-fields';
import { z } from 'zod';
import { analysisQuery } from './analysis-query.ts';
import { notFound } from '../../http/errors.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import { toApiCompany } from '../companies/company.mapper.ts';
import { type AnalysisRepository, type AnalysisRow } from './analysis.repository.ts';
import type { AnalysisService } from './analysis.service.ts';
import type { Clock } from '../../clock.ts';

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

const pageParams = queryParams({
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** Spec §7 Companies: the analyst's company analyses (spec §3 Company prompt/review). */
export function analysisRoutes(
  app: ZodApp,
  {
    repository,
    service,
    clock,
  }: { repository: AnalysisRepository; service: AnalysisService; clock: Clock },
) {
  const tags = ['companies'];

  /** The analyses and the companies they are about (in order of first appearance). */
  const answer = async (rows: AnalysisRow[], only: readonly string[] | null, extra?: string) => {
    const ids = [...new Set([...(extra ? [extra] : []), ...rows.map((row) => row.company_id)])];
    const companies = new Map(
      (await repository.companiesByIds(ids)).map((row) => [row.id, toApiCompany(row)]),
    );
    const items = await service.toApi(rows);
    return {
      status: 'success' as const,
      news: items.map((item) => projectFields(item, only, ['id'])),
      companies: ids.flatMap((id) => companies.get(id) ?? []),
    };
  };

  app.get(
    '/company/latest_prompts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "Each company's latest AI analysis, newest first, with the companies",
        querystring: pageParams,
        response: { 200: companyAnalysesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { skip, limit } = request.query;
      return answer(await repository.latestPage(skip, limit), null);
    },
  );

  app.get(
    '/company/query_prompts',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'Company analyses by the query language (company_id, ai_summary__exists, order_by=-ai_upload_date, only, skip, limit) or symbol=EXCHANGE:TICKER',
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: companyAnalysesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ast = analysisQuery.parse(request.query, { now: clock.now() });
      let companyId: string | undefined;
      if (ast.extras.symbol !== undefined) {
        companyId = await repository.companyIdBySymbol(ast.extras.symbol);
        if (companyId === undefined) throw notFound('Company not found');
      }
      return answer(await repository.query(ast, companyId), ast.only, companyId);
    },
  );
}
