import { deletedResponse } from '@app/shared/api/envelope';
import {
  newsSourceAddBodySchema,
  newsSourceResponseSchema,
  newsSourcesResponseSchema,
  newsSourceStateBodySchema,
  newsSourceTestBodySchema,
  newsSourceTestResponseSchema,
  opmlImportBodySchema,
  opmlImportResponseSchema,
} from '@app/shared/api/news-sources';
import { z } from 'zod';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { NewsSourcesService } from './news-sources.service.ts';

const tags = ['news sources'];

const config = { access: 'admin' as const };
const errors = errorAnswers(400, 401, 403, 404, 409);
const route = moduleRoutes({ tags, errors, access: 'admin' });
const idParams = z.object({ id: z.string().max(100) });

/** The RSS/Atom feeds the worker polls, managed by admins. */
export function newsSourcesRoutes(app: ZodApp, { sources }: { sources: NewsSourcesService }) {
  app.get(
    '/admin/news-sources',
    route({
      summary:
        'The polled feeds with their state, health, last fetch, HTTP code, last error and items of the last day and week',
      response: newsSourcesResponseSchema,
    }),
    async () => ({ status: 'success' as const, sources: await sources.list() }),
  );

  app.post(
    '/admin/news-sources',
    route({
      summary: 'Adds an http(s) feed; the worker reads it at its next poll (409 when listed)',
      body: newsSourceAddBodySchema,
      response: newsSourceResponseSchema,
    }),
    async (request) => ({ status: 'success' as const, source: await sources.add(request.body) }),
  );

  app.post(
    '/admin/news-sources/test',
    route({
      summary:
        'Reads a feed and answers the items it would store (title, date marked when estimated, link, publisher); stores nothing',
      body: newsSourceTestBodySchema,
      response: newsSourceTestResponseSchema,
    }),
    async (request) => ({ status: 'success' as const, ...(await sources.test(request.body.url)) }),
  );

  app.post(
    '/admin/news-sources/:id/state',
    route({
      summary: 'Pauses or resumes a feed (resuming a disabled feed clears its failures)',
      params: idParams,
      body: newsSourceStateBodySchema,
      response: newsSourceResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      source: await sources.setState(request.params.id, request.body.state),
    }),
  );

  app.post(
    '/admin/news-sources/:id/remove',
    {
      config,
      schema: {
        tags,
        summary: 'Removes a feed from the list; its stored articles stay',
        params: idParams,
        response: { 200: deletedResponse({ id: z.string() }), ...errors },
      },
    },
    async (request) => {
      await sources.remove(request.params.id);
      return { status: 'success' as const, id: request.params.id };
    },
  );

  app.get(
    '/admin/news-sources/opml',
    {
      config,
      schema: {
        tags,
        summary: 'The feed list as an OPML 2.0 document',
        response: { 200: z.string().describe('text/x-opml'), ...errors },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/x-opml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="stockpulse-news-sources.opml"')
        .send(await sources.exportOpml()),
  );

  app.post(
    '/admin/news-sources/opml',
    route({
      summary: 'Adds the feeds of an OPML document that are not listed yet',
      body: opmlImportBodySchema,
      response: opmlImportResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await sources.importOpml(request.body.opml)),
    }),
  );
}
