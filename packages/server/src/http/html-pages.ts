import type { FastifyInstance, FastifyReply } from 'fastify';

/** Sends a server-rendered page (the unsubscribe and offline payment pages). */
export const sendHtml = (reply: FastifyReply, body: string, status = 200) =>
  reply.code(status).type('text/html; charset=utf-8').send(body);

/**
 * Lets the routes of one plugin scope take plain HTML form posts as a record of strings (the
 * routes' zod body schema then bounds each field); other scopes keep refusing form bodies.
 */
export function acceptFormPosts(scope: FastifyInstance, bodyLimit: number) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, next) => {
      next(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
}
