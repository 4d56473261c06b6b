import { errorResponseSchema } from '@app/shared/api/envelope';
import { newsQuerySpec, newsResponseSchema } from '@app/shared/api/news';
import { projectFields } from '@app/shared/query/project-fields';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import { defineQueryResource } from '../../http/query/define-query-resource.ts';
import type { ZodApp } from '../../http/types.ts';
import { toApiNews } from './news.mapper.ts';

const newsQuery = defineQueryResource({
  spec: newsQuerySpec,
  table: 'news',
  tiebreaker: 'id',
  sources: {
    id: { column: 'id', asText: true },
    creation_date: { column: 'creation_date' },
    publisher: { column: 'publisher' },
    experiment: { column: 'experiment' },
    ai_summary: { column: 'ai_summary' },
    related_exchange_tickers: { arrayColumn: 'related_exchange_tickers' },
    sentiment_score: { column: 'sentiment_first', nulls: 'last' },
    interest_score: { column: 'interest_score', nulls: 'last' },
    AI__defcon_level: { json: 'AI', path: ['defcon_level'], cast: 'numeric' },
    AI__classification: { json: 'AI', path: ['classification'], cast: 'text' },
  },
});

const errors = { 400: errorResponseSchema, 404: errorResponseSchema };

/** Spec §7 "News" (query and get). Blocked articles are for admins' eyes only, whatever the filter. */
export function newsRoutes(app: ZodApp, { db }: { db: Database }) {
  const tags = ['news'];

  app.get(
    '/news/query',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary:
          'News by the query language (ai_summary__ne, related_exchange_tickers__iendswith, sentiment_score__gte, AI__defcon_level__lte, AI__classification, publisher, experiment (NULL unless given) …)',
        querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const ast = newsQuery.parse(request.query);
      let query = newsQuery.apply(db.selectFrom('news').selectAll(), ast);
      // Spec §7: experiment defaults to NULL — experiments stay out of the public feeds.
      if (!ast.filters.some((filter) => filter.field === 'experiment')) {
        query = query.where('experiment', 'is', null);
      }
      if (!request.user?.is_admin) query = query.where('is_blocked', '=', false);
      const rows = await query.execute();
      return {
        status: 'success' as const,
        news: rows.map((row) => projectFields(toApiNews(row), ast.only, ['id'])),
      };
    },
  );

  app.get(
    '/news/get/:id',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'One article with its analysis',
        params: z.object({ id: z.string().max(64) }),
        response: { 200: newsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await db
        .selectFrom('news')
        .selectAll()
        .where(sql<boolean>`id::text = ${request.params.id}`)
        .executeTakeFirst();
      if (!row || (row.is_blocked && !request.user?.is_admin)) {
        throw notFound('News article not found.');
      }
      return { status: 'success' as const, news: [toApiNews(row)] };
    },
  );
}
