import {
  alertRuleHistoryQueryShape,
  alertRuleHistoryResponseSchema,
  alertRuleInputSchema,
  alertRulePauseSchema,
  alertRuleResponseSchema,
  alertRulesResponseSchema,
} from '@app/shared/api/alert-rules';
import { deletedResponse, errorResponseSchema } from '@app/shared/api/envelope';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { queryParams } from '../../http/strict-query.ts';
import type { ZodApp } from '../../http/types.ts';
import type { SubscriptionFacts } from '../billing/plans.ts';
import type { AlertRuleService } from './alert-rule.service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
const idParams = z.object({ id: z.uuid('The rule id is not valid.') });
const tags = ['alert rules'];

/** The caller's own alert rules: list, create, edit, pause, delete, and what fired. */
export function alertRuleRoutes(
  app: ZodApp,
  {
    alertRules,
    sessionRow,
  }: {
    alertRules: AlertRuleService;
    sessionRow?: (request: FastifyRequest) => SubscriptionFacts | undefined;
  },
) {
  const config = { access: 'user' as const };

  app.get(
    '/alerts/rules',
    {
      config,
      schema: {
        tags,
        summary: "The caller's alert rules, newest first, and the plan's limit",
        response: { 200: alertRulesResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await alertRules.list(currentUser(request).id, sessionRow?.(request))),
    }),
  );

  app.post(
    '/alerts/rules',
    {
      config,
      schema: {
        tags,
        summary: 'Adds an alert rule (403 once the plan’s limit is reached)',
        body: alertRuleInputSchema,
        response: { 200: alertRuleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      rule: await alertRules.create(currentUser(request).id, request.body, sessionRow?.(request)),
    }),
  );

  app.get(
    '/alerts/rules/history',
    {
      config,
      schema: {
        tags,
        summary: 'What the caller’s rules fired, newest first, with a link to the quote or article',
        querystring: queryParams(alertRuleHistoryQueryShape),
        response: { 200: alertRuleHistoryResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await alertRules.history(
        currentUser(request).id,
        request.query.skip,
        request.query.limit,
      )),
    }),
  );

  app.post(
    '/alerts/rules/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Replaces one of the caller’s rules (it is active again)',
        params: idParams,
        body: alertRuleInputSchema,
        response: { 200: alertRuleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      rule: await alertRules.update(currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/alerts/rules/:id/pause',
    {
      config,
      schema: {
        tags,
        summary: 'Pauses (`paused: true`) or resumes one of the caller’s rules',
        params: idParams,
        body: alertRulePauseSchema,
        response: { 200: alertRuleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      rule: await alertRules.pause(currentUser(request).id, request.params.id, request.body.paused),
    }),
  );

  app.post(
    '/alerts/rules/:id/delete',
    {
      config,
      schema: {
        tags,
        summary: 'Deletes one of the caller’s rules (its history stays)',
        params: idParams,
        response: { 200: deletedResponse({ id: z.string() }), ...errors },
      },
    },
    async (request) => {
      await alertRules.remove(currentUser(request).id, request.params.id);
      return { status: 'success' as const, id: request.params.id };
    },
  );
}
