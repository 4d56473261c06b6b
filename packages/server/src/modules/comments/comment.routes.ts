import {
  commentIdBodySchema,
  commentResponseSchema,
  commentsQuerySchema,
  commentsResponseSchema,
  createCommentBodySchema,
  dismissReportsBodySchema,
  hideCommentBodySchema,
  reportsQueueResponseSchema,
  unreadRepliesResponseSchema,
  updateCommentBodySchema,
} from '@app/shared/api/comments';
import { successResponse } from '@app/shared/api/envelope';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { CommentService } from './comment.service.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 429);
const done = successResponse({});
const dismissed = successResponse({ dismissed: z.number().int() });
const ok = { status: 'success' as const };

/** The reads' answers as JSON, written once per value the comment cache keeps. */
const commentAnswer = keptAnswer<object>();

/**
 * A read's answer (kept or not: `x-cache: hit|miss`) as its written bytes: a Buffer skips
 * Fastify's serialiser; the route's response schema still documents the shape in OpenAPI.
 */
const sendJson = (reply: FastifyReply, value: object, hit: boolean) =>
  reply
    .type('application/json; charset=utf-8')
    .header('x-cache', hit ? 'hit' : 'miss')
    .send(commentAnswer(value));

/** Spec §7 News and comments: /comments/*, and the moderation calls of the admin panel. */
export function commentRoutes(app: ZodApp, { comments }: { comments: CommentService }) {
  const tags = ['comments'];
  const route = moduleRoutes({ tags, errors });

  app.get(
    '/comments/query',
    route({
      access: 'public',
      summary:
        'One level of a thread: parent_comment_id=NULL for the article’s comments, a comment id for its replies; oldest first, 50 a page',
      querystring: queryParams(commentsQuerySchema.shape),
      response: commentsResponseSchema,
    }),
    async (request, reply) => {
      const { value, hit } = await comments.query(request.query, request.user);
      return sendJson(reply, value, hit);
    },
  );

  app.post(
    '/comments/create',
    route({
      access: 'validated',
      summary:
        'A comment (parent_obj news), a reply (parent_obj comment with parent_comment_id) or, with is_report, a report of the article or comment with its reason',
      body: createCommentBodySchema,
      response: commentResponseSchema,
    }),
    async (request) => ({
      ...ok,
      comment: await comments.create(request.body, currentUser(request)),
    }),
  );

  app.post(
    '/comments/update',
    route({
      access: 'validated',
      summary: 'The author edits their comment',
      body: updateCommentBodySchema,
      response: commentResponseSchema,
    }),
    async (request) => ({
      ...ok,
      comment: await comments.update(request.body.id, request.body.content, currentUser(request)),
    }),
  );

  app.post(
    '/comments/delete',
    route({
      access: 'user',
      summary:
        'The author (or an admin) deletes a comment; one with replies stays as [deleted] so they keep their place',
      body: commentIdBodySchema,
      response: done,
    }),
    async (request) => {
      await comments.remove(request.body.id, currentUser(request));
      return ok;
    },
  );

  app.get(
    '/comments/replies/unread',
    route({
      access: 'user',
      summary: 'Replies to the caller’s comments since they last opened them',
      response: unreadRepliesResponseSchema,
    }),
    async (request, reply) => {
      const { value, hit } = await comments.unreadReplies(currentUser(request));
      return sendJson(reply, value, hit);
    },
  );

  app.post(
    '/comments/replies/seen',
    route({
      access: 'user',
      summary: 'Marks the caller’s replies as read',
      response: done,
    }),
    async (request) => {
      await comments.markRepliesSeen(currentUser(request));
      return ok;
    },
  );

  app.get(
    '/comments/admin/reports',
    route({
      access: 'admin',
      summary: 'The reports queue: reported articles and comments with their reasons, newest first',
      querystring: queryParams({
        skip: z.coerce.number().int().min(0).max(100_000).default(0),
        limit: z.coerce.number().int().min(1).max(50).default(20),
      }),
      response: reportsQueueResponseSchema,
    }),
    async (request, reply) => {
      const { value, hit } = await comments.reportsQueue(request.query, currentUser(request));
      return sendJson(reply, value, hit);
    },
  );

  app.post(
    '/comments/admin/hide',
    route({
      access: 'admin',
      summary: 'Hides a comment from readers (value false shows it again)',
      body: hideCommentBodySchema,
      response: commentResponseSchema,
    }),
    async (request) => ({
      ...ok,
      comment: await comments.setHidden(request.body.id, request.body.value, currentUser(request)),
    }),
  );

  app.post(
    '/comments/admin/dismiss',
    route({
      access: 'admin',
      summary:
        'Dismisses the open reports of an article (parent_comment_id NULL) or a comment; a comment hidden by reports shows again',
      body: dismissReportsBodySchema,
      response: dismissed,
    }),
    async (request) => ({
      ...ok,
      dismissed: await comments.dismiss(request.body.parent_obj_id, request.body.parent_comment_id),
    }),
  );
}
