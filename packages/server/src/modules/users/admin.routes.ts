import { deletedResponse, errorResponseSchema, successResponse } from '@app/shared/api/envelope';
import {
  adminPageQueryShape,
  adminUpdateRequestSchema,
  adminUsersQueryShape,
  adminUsersResponseSchema,
  outboxResponseSchema,
  userSchema,
} from '@app/shared/api/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { COMPRESS_MIN_BYTES, preferredEncoding } from '../../http/compression.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import { encodedAnswer } from '../portfolio/portfolio-answers.ts';
import type { ApprovalService } from './approval.service.ts';
import { toApiUser } from './user.mapper.ts';

/**
 * A kept page answer (`admin/page-answers.ts`): JSON bytes the service wrote from the schema's
 * type, sent as they are (a Buffer skips the serializer; the schema still documents the answer),
 * compressed once per kept answer when the caller accepts it (an admin's browser always does).
 */
const sendJson = (request: FastifyRequest, reply: FastifyReply, body: Buffer) => {
  reply.type('application/json; charset=utf-8').header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (
    !encoding ||
    request.headers['x-no-compression'] !== undefined ||
    body.length < COMPRESS_MIN_BYTES
  ) {
    return reply.send(body);
  }
  return reply.header('content-encoding', encoding).send(encodedAnswer(body, encoding));
};

const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const username = z.object({ username: z.string().min(1).max(60) });
const userResponse = successResponse({ user: userSchema });

/** Spec §7 "Admin": the user list, property updates, approval queue, removal and the outbox. */
export function adminUserRoutes(app: ZodApp, { approvals }: { approvals: ApprovalService }) {
  const tags = ['admin'];
  const access = { access: 'admin' as const };

  app.get(
    '/user/admin/get/ALL',
    {
      config: access,
      schema: {
        tags,
        summary: 'A page of the users, newest first (skip, limit ≤ 100, q searches), and the total',
        querystring: queryParams(adminUsersQueryShape),
        response: { 200: adminUsersResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { skip, limit, q } = request.query;
      return sendJson(request, reply, await approvals.listAnswer({ skip, limit, search: q }));
    },
  );

  app.get(
    '/user/admin/validation_queue',
    {
      config: access,
      schema: {
        tags,
        summary: 'A page of the accounts waiting for approval, oldest first, and how many wait',
        querystring: queryParams(adminPageQueryShape),
        response: { 200: adminUsersResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendJson(request, reply, await approvals.pendingAnswer(request.query)),
  );

  app.post(
    '/user/admin/update',
    {
      config: access,
      schema: { tags, body: adminUpdateRequestSchema, response: { 200: userResponse, ...errors } },
    },
    async (request) => {
      const { username: name, key, value } = request.body;
      const row = await approvals.adminUpdate(currentUser(request), name, key, value);
      return { status: 'success' as const, user: toApiUser(row) };
    },
  );

  app.post(
    '/user/admin/reject/:username',
    {
      config: access,
      schema: { tags, params: username, response: { 200: userResponse, ...errors } },
    },
    async (request) => ({
      status: 'success' as const,
      user: toApiUser(await approvals.reject(request.params.username)),
    }),
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/user/admin/rm/:username',
      config: access,
      schema: { tags, params: username, response: { 200: deletedResponse({}), ...errors } },
      handler: async (request) => {
        await approvals.remove(currentUser(request), request.params.username);
        return { status: 'deleted' as const };
      },
    });
  }

  app.get(
    '/user/admin/outbox',
    {
      config: access,
      schema: {
        tags,
        summary: 'A page of the mails sent or kept, newest first (skip, limit ≤ 100, default 50)',
        querystring: queryParams(adminPageQueryShape),
        response: { 200: outboxResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => sendJson(request, reply, await approvals.outboxAnswer(request.query)),
  );
}
