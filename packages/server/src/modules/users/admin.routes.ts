import { deletedResponse, errorResponseSchema, successResponse } from '@app/shared/api/envelope';
import {
  adminPageQueryShape,
  adminUpdateRequestSchema,
  adminUsersQueryShape,
  adminUsersResponseSchema,
  outboxMailResponseSchema,
  outboxResponseSchema,
  userSchema,
  validationQueueResponseSchema,
} from '@app/shared/api/users';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { ApprovalService } from './approval.service.ts';
import { toApiUser } from './user.mapper.ts';

const errors = errorAnswers(400, 404, 409);
const username = z.object({ username: z.string().min(1).max(60) });
const userResponse = successResponse({ user: userSchema });

type Kept<K extends 'listPage' | 'pendingPage' | 'outboxPage' | 'openedMail'> = Awaited<
  ReturnType<ApprovalService[K]>
>;
/** The admin pages' kept views, each written (and compressed) once per kept view. */
const usersAnswer = keptAnswer<Kept<'listPage'>>();
const queueAnswer = keptAnswer<Kept<'pendingPage'>>();
const outboxAnswer = keptAnswer<Kept<'outboxPage'>>();
const mailAnswer = keptAnswer<Kept<'openedMail'>>();

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
      const page = await approvals.listPage({ skip, limit, search: q });
      return sendKeptJson(request, reply, usersAnswer(page));
    },
  );

  app.get(
    '/user/admin/validation_queue',
    {
      config: access,
      schema: {
        tags,
        summary:
          'A page of the accounts waiting for approval, oldest first (what each row shows), and how many wait',
        querystring: queryParams(adminPageQueryShape),
        response: { 200: validationQueueResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(request, reply, queueAnswer(await approvals.pendingPage(request.query))),
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
        summary:
          'A page of the mails sent or kept, newest first (skip, limit ≤ 100, default 50), without their texts',
        querystring: queryParams(adminPageQueryShape),
        response: { 200: outboxResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) =>
      sendKeptJson(request, reply, outboxAnswer(await approvals.outboxPage(request.query))),
  );

  app.get(
    '/user/admin/outbox/:id',
    {
      config: access,
      schema: {
        tags,
        summary: 'One mail of the outbox with its text',
        params: z.object({ id: z.uuid('No such mail in the outbox.') }),
        response: {
          200: outboxMailResponseSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request, reply) =>
      sendKeptJson(request, reply, mailAnswer(await approvals.openedMail(request.params.id))),
  );
}
