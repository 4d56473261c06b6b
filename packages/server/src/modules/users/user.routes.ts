import { successResponse } from '@app/shared/api/envelope';
import {
  currentUserResponseSchema,
  loginRequestSchema,
  messageResponseSchema,
  passwordRecoveryRequestSchema,
  registerRequestSchema,
  sessionResponseSchema,
  setPasswordRequestSchema,
  setValueRequestSchema,
  tokenExchangeResponseSchema,
} from '@app/shared/api/users';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../../config.ts';
import { currentUser } from '../../http/access.ts';
import { safeRedirectPath } from '@app/shared/safe-redirect';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { ApprovalService } from './approval.service.ts';
import {
  SESSION_COOKIE,
  SESSION_DAYS,
  tokenFromRequest,
  type SessionService,
} from './session.service.ts';
import { DEMO_USER } from './first-run.ts';
import { toApiUser, type UserRow } from './user.mapper.ts';
import type { Client, UserService } from './user.service.ts';

type Deps = {
  config: AppConfig;
  userService: UserService;
  approvals: ApprovalService;
  sessions: SessionService;
  /** The caller's row as the session lookup read it (one query fewer for /user/get/me). */
  sessionRow: (request: FastifyRequest) => UserRow | undefined;
};

const errors = errorAnswers(400, 401, 409, 429);
const client = (request: FastifyRequest): Client => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});
const me = currentUser;

/** Spec §7 "Session and user": registration, login, recovery, the owner's settings, browser session. */
export function userRoutes(
  app: ZodApp,
  { config, userService, approvals, sessions, sessionRow }: Deps,
) {
  const tags = ['users'];
  const route = moduleRoutes({ tags, errors });
  const setSessionCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: config.publicUrl.startsWith('https:'),
      path: '/api',
      maxAge: SESSION_DAYS * 24 * 3600,
    });

  app.post(
    '/user/create',
    route({
      access: 'public',
      body: registerRequestSchema,
      response: sessionResponseSchema,
    }),
    async (request, reply) => {
      const { row, token } = await userService.register(request.body, client(request));
      setSessionCookie(reply, token);
      return { status: 'success' as const, token, current_user: toApiUser(row) };
    },
  );

  app.post(
    '/user/login',
    route({
      access: 'public',
      body: loginRequestSchema,
      response: sessionResponseSchema,
    }),
    async (request, reply) => {
      const { row, token } = await userService.login(
        request.body.email,
        request.body.password,
        client(request),
      );
      setSessionCookie(reply, token);
      return { status: 'success' as const, token, current_user: toApiUser(row) };
    },
  );

  app.post(
    '/user/password_recovery',
    route({
      access: 'public',
      body: passwordRecoveryRequestSchema,
      response: messageResponseSchema,
    }),
    async (request) => {
      await userService.requestRecovery(request.body.email, client(request));
      return {
        status: 'success' as const,
        message: `Password recovery instructions have been sent to ${request.body.email}`,
      };
    },
  );

  app.get(
    '/user/token',
    route({
      access: 'public',
      querystring: queryParams({ key: z.string().min(1).max(200) }),
      response: tokenExchangeResponseSchema,
    }),
    async (request, reply) => {
      const { row, token } = await userService.exchangeRecoveryKey(
        request.query.key,
        client(request),
      );
      setSessionCookie(reply, token);
      return {
        status: 'success' as const,
        token,
        username: row.username,
        first_name: row.first_name,
        last_name: row.last_name,
      };
    },
  );

  app.post(
    '/user/set/password',
    route({
      access: 'user',
      body: setPasswordRequestSchema,
      response: currentUserResponseSchema,
    }),
    async (request) => {
      const row = await userService.setPassword(
        me(request).id,
        tokenFromRequest(request),
        request.body.value,
      );
      return { status: 'success' as const, current_user: toApiUser(row) };
    },
  );

  app.post(
    '/user/set/:key',
    route({
      access: 'user',
      params: z.object({ key: z.string().max(60) }),
      body: setValueRequestSchema,
      response: currentUserResponseSchema,
    }),
    async (request) => {
      const row = await userService.setProperty(
        me(request).id,
        request.params.key,
        request.body.value,
      );
      return { status: 'success' as const, current_user: toApiUser(row) };
    },
  );

  app.get(
    '/user/get/me',
    {
      config: { access: 'user' },
      schema: { tags, response: { 200: currentUserResponseSchema, ...errors } },
    },
    async (request) => ({
      status: 'success' as const,
      current_user: toApiUser(sessionRow(request) ?? (await userService.getMe(me(request).id))),
    }),
  );

  app.post(
    '/user/logout',
    {
      config: { access: 'public', cookieAuth: true },
      schema: { tags, response: { 200: successResponse({}) } },
    },
    async (request, reply) => {
      const token = tokenFromRequest(request);
      if (token) await sessions.revoke(token);
      reply.clearCookie(SESSION_COOKIE, { path: '/api' });
      return { status: 'success' as const };
    },
  );

  app.get(
    '/user/session',
    {
      config: { access: 'public', cookieAuth: true },
      schema: {
        tags,
        summary: 'Browser session login: sets the session cookie and redirects into the app',
        querystring: queryParams({ next: z.string().max(500).optional() }),
      },
    },
    async (request, reply) => {
      const token = tokenFromRequest(request);
      const next = safeRedirectPath(request.query.next, config.publicUrl);
      if (!token || !request.user) return reply.redirect(`/login?next=${encodeURIComponent(next)}`);
      setSessionCookie(reply, token);
      return reply.redirect(next);
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/user/validate_email',
      config: { access: 'user' },
      schema: {
        tags,
        summary: 'Ask to be validated as human: mails a confirmation link',
        response: { 200: messageResponseSchema, ...errors },
      },
      handler: async (request) => ({
        status: 'success' as const,
        message: await approvals.requestValidation(me(request).id),
      }),
    });
  }

  app.get(
    '/user/validate_email/confirm',
    {
      config: { access: 'public' },
      schema: { tags, querystring: queryParams({ key: z.string().min(1).max(200) }) },
    },
    async (request, reply) => {
      if (await approvals.confirmValidation(request.query.key))
        return reply.redirect('/please_wait');
      return reply.redirect(
        `/error?msg=${encodeURIComponent('This confirmation link is invalid or has expired.')}`,
      );
    },
  );

  app.get(
    '/user/demo',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Demo credentials (demo mode only)',
        response: {
          200: successResponse({
            demo: z.object({ username: z.string(), password: z.string() }).nullable(),
          }),
        },
      },
    },
    () => ({ status: 'success' as const, demo: config.demoMode ? DEMO_USER : null }),
  );
}
