import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  confirmRequestSchema,
  confirmResponseSchema,
  newsletterAdminResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
} from '@app/shared/api/site';
import { adminPageQueryShape } from '@app/shared/api/users';
import { keptAnswer } from '../../http/kept-answer.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { NewsletterService } from './newsletter.service.ts';

const errors = errorAnswers(400, 429);
const tags = ['newsletter'];
const route = moduleRoutes({ tags, errors });
const listAnswer = keptAnswer<Awaited<ReturnType<NewsletterService['adminListPage']>>>(
  newsletterAdminResponseSchema,
);

/** Spec §7 `/subscription/subscribe/email`, the double opt-in and the admin's list. */
export function newsletterRoutes(app: ZodApp, { newsletter }: { newsletter: NewsletterService }) {
  app.post(
    '/subscription/subscribe/email',
    route({
      access: 'public',
      summary:
        'Subscribes an address to the weekly insights: a confirmation mail is sent (the same answer for every address)',
      body: subscribeRequestSchema,
      response: subscribeResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      message: await newsletter.subscribe(request.body.email, { ip: request.ip }),
    }),
  );

  app.post(
    '/subscription/confirm',
    route({
      access: 'public',
      summary: "Confirms an address with its mail's single-use token",
      body: confirmRequestSchema,
      response: confirmResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      email: await newsletter.confirm(request.body.token),
    }),
  );

  const admin = { access: 'admin' as const };
  app.get(
    '/subscription/admin/list',
    {
      config: admin,
      schema: {
        tags,
        summary:
          'A page of the newsletter subscribers, newest first (skip, limit ≤ 100), the counts per status and the total',
        querystring: queryParams(adminPageQueryShape),
        response: {
          200: newsletterAdminResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
        },
      },
    },
    // The kept page's bytes: written and compressed once per kept page.
    async (request, reply) =>
      sendKeptJson(request, reply, listAnswer(await newsletter.adminListPage(request.query))),
  );

  app.get(
    '/subscription/admin/export',
    {
      config: admin,
      schema: { tags, summary: 'Every newsletter subscriber as a CSV file' },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="newsletter-subscribers.csv"')
        .send(await newsletter.exportCsv()),
  );
}
