import {
  contactInboxResponseSchema,
  contactMarkRequestSchema,
  contactMarkResponseSchema,
  contactRequestSchema,
  contactResponseSchema,
  siteContactResponseSchema,
  type SiteContact,
} from '@app/shared/api/site';
import { adminPageQueryShape } from '@app/shared/api/users';
import { z } from 'zod';
import { keptAnswer } from '../../http/kept-answer.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { ContactService } from './contact.service.ts';

const tags = ['contact'];
const route = moduleRoutes({ tags, errors: errorAnswers() });
const inboxAnswer = keptAnswer<Awaited<ReturnType<ContactService['inboxPage']>>>(
  contactInboxResponseSchema,
);

/** Spec §7 `/contact/submit`, the site's contact details and the admin inbox. */
export function contactRoutes(
  app: ZodApp,
  { contact, details }: { contact: ContactService; details: SiteContact },
) {
  app.post(
    '/contact/submit',
    route({
      access: 'public',
      summary: 'Sends a message to the team (stored and mailed to the administrators)',
      body: contactRequestSchema,
      response: contactResponseSchema,
      errors: errorAnswers(400, 429),
    }),
    async (request) => ({
      status: 'success' as const,
      message: await contact.submit(request.body, { ip: request.ip }),
    }),
  );

  app.get(
    '/contact/details',
    route({
      access: 'public',
      summary: 'The e-mail, phone and addresses shown in the footer (CONTACT_* settings)',
      response: siteContactResponseSchema,
    }),
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { status: 'success' as const, contact: details };
    },
  );

  app.get(
    '/contact/admin/inbox',
    route({
      access: 'admin',
      summary:
        'A page of the contact messages, newest first (skip, limit ≤ 100), the unread count and the total',
      querystring: queryParams(adminPageQueryShape),
      response: contactInboxResponseSchema,
      errors: errorAnswers(400, 401, 403),
    }),
    // The kept page's bytes: written and compressed once per kept page.
    async (request, reply) =>
      sendKeptJson(request, reply, inboxAnswer(await contact.inboxPage(request.query))),
  );

  app.post(
    '/contact/admin/mark/:id',
    route({
      access: 'admin',
      summary: 'Marks a contact message read or unread',
      params: z.object({ id: z.uuid('Message not found.') }),
      body: contactMarkRequestSchema,
      response: contactMarkResponseSchema,
      errors: errorAnswers(400, 401, 403, 404),
    }),
    async (request) => ({
      status: 'success' as const,
      message: await contact.markRead(request.params.id, request.body.read),
    }),
  );
}
