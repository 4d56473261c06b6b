import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  confirmRequestSchema,
  confirmResponseSchema,
  newsletterAdminResponseSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
} from '@app/shared/api/site';
import { adminPageQueryShape } from '@app/shared/api/users';
import type { FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import type { NewsletterService } from './newsletter.service.ts';
import { UNSUBSCRIBE_INVALID } from './newsletter.service.ts';
import {
  unsubscribeAskPage,
  unsubscribeDonePage,
  unsubscribeInvalidPage,
} from './unsubscribe-page.ts';

const errors = { 400: errorResponseSchema, 429: errorResponseSchema };
const tags = ['newsletter'];
const html = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);
const tokenQuery = queryParams({ token: z.string().max(200).default('') });

/** Spec §7 `/subscription/subscribe/email`, the double opt-in and one-click unsubscribe. */
export function newsletterRoutes(app: ZodApp, { newsletter }: { newsletter: NewsletterService }) {
  const open = { access: 'public' as const };

  app.post(
    '/subscription/subscribe/email',
    {
      config: open,
      schema: {
        tags,
        summary:
          'Subscribes an address to the weekly insights: a confirmation mail is sent (the same answer for every address)',
        body: subscribeRequestSchema,
        response: { 200: subscribeResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: await newsletter.subscribe(request.body.email, { ip: request.ip }),
    }),
  );

  app.post(
    '/subscription/confirm',
    {
      config: open,
      schema: {
        tags,
        summary: "Confirms an address with its mail's single-use token",
        body: confirmRequestSchema,
        response: { 200: confirmResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      email: await newsletter.confirm(request.body.token),
    }),
  );

  app.get(
    '/subscription/unsubscribe',
    {
      config: open,
      schema: {
        tags,
        summary: "The unsubscribe link's page (a button that posts the one-click unsubscribe)",
        querystring: tokenQuery,
      },
    },
    async (request, reply) => {
      const target = await newsletter.unsubscribeTarget(request.query.token);
      if (!target) return html(reply, unsubscribeInvalidPage(UNSUBSCRIBE_INVALID), 400);
      return html(reply, unsubscribeAskPage(request.query.token, target.email));
    },
  );

  // RFC 8058 one-click: mail clients POST `List-Unsubscribe=One-Click` as a form to the link.
  app.register((plugin, _options, done) => {
    const scope = plugin.withTypeProvider<ZodTypeProvider>();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1_024 },
      (_request, body, next) => {
        next(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scope.post(
      '/subscription/unsubscribe',
      {
        config: open,
        schema: {
          tags,
          summary: 'One-click unsubscribe (RFC 8058); answers a short page',
          querystring: tokenQuery,
          body: z.record(z.string(), z.string().max(100)).optional(),
        },
      },
      async (request, reply) => {
        let email: string;
        try {
          email = await newsletter.unsubscribe(request.query.token);
        } catch (error) {
          if (error instanceof AppError && error.statusCode === 400) {
            return html(reply, unsubscribeInvalidPage(error.message), 400);
          }
          throw error;
        }
        return html(reply, unsubscribeDonePage(email));
      },
    );
    done();
  });

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
    // Kept JSON bytes (the response schema documents them): written and compressed once.
    async (request, reply) =>
      sendKeptJson(request, reply, await newsletter.adminListAnswer(request.query)),
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
