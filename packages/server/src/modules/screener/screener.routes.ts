import {
  deleteScreenBodySchema,
  saveScreenBodySchema,
  savedScreensResponseSchema,
  screenerFacetsResponseSchema,
  screenerResponseSchema,
} from '@app/shared/api/screener';
import { z } from 'zod';
import type { Clock } from '../../clock.ts';
import { currentUser } from '../../http/access.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { sendJson } from '../../http/kept-json.ts';
import { keptBytes } from '../../http/kept-answer.ts';
import { screenerQuery } from './screener-query.ts';
import type { ScreenerService } from './screener.service.ts';

type ScreenerPage = Awaited<ReturnType<ScreenerService['page']>>;

/**
 * Each listing's JSON, written once per row object: the metrics snapshot's rows are the same
 * objects on every page until the next refresh, so a screen's answer joins written rows instead
 * of writing 25–100 rows anew (a row from SQL is a new object, written once and dropped).
 */
const rowJson = new WeakMap<object, string>();

/** The success envelope of a page, exactly as JSON.stringify writes it. */
function pageJson(page: ScreenerPage): string {
  const { listings, ...rest } = page;
  let rows = '';
  for (const row of listings) {
    let json = rowJson.get(row);
    if (json === undefined) {
      json = JSON.stringify(row);
      rowJson.set(row, json);
    }
    rows = rows === '' ? json : `${rows},${json}`;
  }
  return `{"status":"success","listings":[${rows}],${JSON.stringify(rest).slice(1)}`;
}

/** A screen's page as JSON, written once per page the service keeps. */
const pageAnswer = keptBytes<ScreenerPage>(pageJson);

const errors = errorAnswers(400, 401, 404, 409);

/** The stock screener: public queries, saved screens for signed-in users. */
export function screenerRoutes(
  app: ZodApp,
  { screener, clock }: { screener: ScreenerService; clock: Clock },
) {
  const tags = ['screener'];
  const route = moduleRoutes({ tags, errors });

  app.get(
    '/screener/query',
    route({
      access: 'public',
      summary:
        'Listings by the query language over the screener metrics (sector__in, market_cap__gte, change_pct_365__gt, from_high_pct__gte, news_count_7d__gte, sentiment_7d__gte, order_by, skip, limit; in_watchlist=1 and in_portfolio=1 for signed-in callers)',
      querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: screenerResponseSchema,
      errors: errorAnswers(400, 401),
    }),
    async (request, reply) => {
      const ast = screenerQuery.parse(request.query, { now: clock.now() });
      return sendJson(reply, pageAnswer(await screener.page(ast, request.user?.id ?? null)));
    },
  );

  app.get(
    '/screener/facets',
    route({
      access: 'public',
      summary: 'The sectors, industries and exchanges the screener’s text filters offer',
      response: screenerFacetsResponseSchema,
      errors: errorAnswers(),
    }),
    async () => ({ status: 'success' as const, ...(await screener.facets()) }),
  );

  app.get(
    '/screener/screens',
    route({
      access: 'user',
      summary: 'The caller’s saved screens and how many the plan keeps',
      response: savedScreensResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await screener.screens(currentUser(request).id)),
    }),
  );

  app.post(
    '/screener/screens',
    route({
      access: 'user',
      summary:
        'Saves a named screen (its query string); 409 on a name in use or past the plan’s limit',
      body: saveScreenBodySchema,
      response: savedScreensResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await screener.save(currentUser(request).id, request.body)),
    }),
  );

  app.post(
    '/screener/screens/delete',
    route({
      access: 'user',
      summary: 'Deletes one of the caller’s saved screens',
      body: deleteScreenBodySchema,
      response: savedScreensResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await screener.remove(currentUser(request).id, request.body.id)),
    }),
  );
}
