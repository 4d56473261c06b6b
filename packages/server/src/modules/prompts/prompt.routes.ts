import { errorResponseSchema } from '@app/shared/api/envelope';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { badRequest } from '../../http/errors.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import { sendJson } from '../../http/kept-json.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import type { PromptReads, ReadAnswer } from './prompt-reads.ts';
import type { PromptService, RemoveAllQuery } from './prompt.service.ts';
import {
  createPromptBodySchema,
  promptCreateResponseSchema,
  promptQueryResponseSchema,
  promptRemoveResponseSchema,
  PROMPT_TYPES,
  queueStateResponseSchema,
} from '@app/shared/api/prompts';

const errors = errorAnswers(400, 401, 403, 404);

const idParams = z.object({ id: z.string().max(64) });

const removeAllQuery = queryParams({
  type: z.enum(PROMPT_TYPES).optional(),
  type__in: z.string().max(200).optional(),
  /** An article's chat panel; `NULL` for the prompts of no article. */
  article_id: z.string().max(64).optional(),
});

/** The types and article `rm/ALL` names (spec §7); naming nothing is a 400, not "everything". */
function removeAllFilter(query: z.output<typeof removeAllQuery>): RemoveAllQuery {
  const listed = query.type__in?.split(',').map((type) => type.trim()) ?? [];
  const unknown = listed.find((type) => !(PROMPT_TYPES as readonly string[]).includes(type));
  if (unknown !== undefined) throw badRequest(`Invalid 'type__in': unknown type '${unknown}'`);
  const types = [
    ...new Set([...(query.type ? [query.type] : []), ...listed]),
  ] as RemoveAllQuery['types'];
  if (types.length === 0) {
    throw badRequest('Name the prompts to remove: type=CHAT or type__in=email_prompt,PORTFOLIO.');
  }
  const article = query.article_id;
  if (article === undefined) return { types };
  return { types, articleId: article === 'NULL' ? null : article };
}

/** A read's answer as JSON, written once per value the read cache keeps. */
const readAnswer = keptAnswer<object>();

/** Sends a read answer; `x-cache` says whether it came from memory. */
const sendRead = (reply: FastifyReply, answer: ReadAnswer<object>) =>
  sendJson(reply.header('x-cache', answer.hit ? 'hit' : 'miss'), readAnswer(answer.value));

/** Spec §7 "Prompts": the caller's own prompts only, whatever the filter; the queue for admins. */
export function promptRoutes(
  app: ZodApp,
  { prompts, reads }: { prompts: PromptService; reads: PromptReads },
) {
  const user = { access: 'user' as const };
  const tags = ['prompts'];
  const route = moduleRoutes({ tags, errors });

  app.post(
    '/prompts/create',
    {
      config: user,
      schema: {
        tags,
        summary:
          "Saves a prompt (or edits the caller's own one, `id`) and queues it for an answer; chat adds system and system_name",
        body: createPromptBodySchema,
        response: { 200: promptCreateResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => ({
      status: 'success' as const,
      id: await prompts.create(currentUser(request), request.body),
    }),
  );

  app.get(
    '/prompts/query',
    route({
      access: 'user',
      summary:
        "The caller's prompts by the query language (status, type__in, article_id, order_by=-creation_date, limit; id= for debug users; username only the caller unless admin)",
      querystring: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
      response: promptQueryResponseSchema,
    }),
    async (request, reply) =>
      sendRead(reply, await reads.query(currentUser(request), request.query)),
  );

  app.get(
    '/prompts/get/:id',
    route({
      access: 'user',
      summary:
        "One of the caller's prompts (polled while it waits): prompts[0]; `only` projects fields as /prompts/query does",
      params: idParams,
      querystring: queryParams({ only: z.string().max(500).optional() }),
      response: promptQueryResponseSchema,
    }),
    async (request, reply) =>
      sendRead(reply, await reads.get(currentUser(request), request.params.id, request.query.only)),
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/prompts/rm',
      config: user,
      schema: {
        tags,
        summary: "Removes one of the caller's prompts",
        querystring: queryParams({ id: z.string().max(64) }),
        response: { 200: promptRemoveResponseSchema, ...errors },
      },
      handler: async (request) => ({
        status: 'deleted' as const,
        removed: await prompts.remove(currentUser(request), request.query.id),
      }),
    });
    app.route({
      method,
      url: '/prompts/rm/ALL',
      config: user,
      schema: {
        tags,
        summary:
          "Removes the caller's prompts of the named types (type=CHAT or type__in=email_prompt,PORTFOLIO), of one article when article_id is given",
        querystring: removeAllQuery,
        response: { 200: promptRemoveResponseSchema, ...errors },
      },
      handler: async (request) => ({
        status: 'deleted' as const,
        removed: await prompts.removeAll(currentUser(request), removeAllFilter(request.query)),
      }),
    });
  }

  app.get(
    '/prompts/state',
    route({
      access: 'admin',
      summary:
        'The AI queue (admins): `priority` = waiting prompts in the order they will run, `process` = being written',
      response: queueStateResponseSchema,
    }),
    async (_request, reply) => sendRead(reply, await reads.state()),
  );
}
