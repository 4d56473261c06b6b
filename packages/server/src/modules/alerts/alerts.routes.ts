import {
  alertSettingsResponseSchema,
  alertSettingsUpdateSchema,
  alertsSeenRequestSchema,
  alertsSeenResponseSchema,
  deliveriesQuerySchema,
  deliveriesResponseSchema,
  myAlertsQueryShape,
  myAlertsResponseSchema,
} from '@app/shared/api/alerts';
import { errorResponseSchema } from '@app/shared/api/envelope';
import type { FastifyRequest } from 'fastify';
import { currentUser } from '../../http/access.ts';
import { keptAnswer } from '../../http/kept-answer.ts';
import { sendKeptJson } from '../../http/kept-json.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { AlertsService } from './alerts.service.ts';

const errors = errorAnswers(400, 401, 403);
/** The plan facts of the caller's row, as the session lookup read it. */
type SessionRow = (
  request: FastifyRequest,
) =>
  | { subscription: string; subscription_status: string; current_period_end: Date | null }
  | undefined;
const tags = ['alerts'];
const route = moduleRoutes({ tags, errors });
const bellAnswer = keptAnswer<Awaited<ReturnType<AlertsService['myAlerts']>>>();
const deliveriesAnswer =
  keptAnswer<Awaited<ReturnType<AlertsService['adminListPage']>>>(deliveriesResponseSchema);

/**
 * The caller's alert settings, the admin's deliveries, and the caller's own alerts for the bell
 * and how far they have seen them.
 */
export function alertRoutes(
  app: ZodApp,
  { alerts, sessionRow }: { alerts: AlertsService; sessionRow?: SessionRow },
) {
  const user = { access: 'user' as const };

  app.get(
    '/alerts/settings',
    route({
      access: 'user',
      summary: "The caller's alert settings and what their plan includes",
      response: alertSettingsResponseSchema,
    }),
    async (request) => {
      const { settings, entitlements } = await alerts.settings(
        currentUser(request).id,
        sessionRow?.(request),
      );
      return { status: 'success' as const, settings, entitlements };
    },
  );

  app.get(
    '/alerts/mine',
    route({
      access: 'user',
      summary: "The caller's own instant alerts (the bell), newest first, and the unread count",
      querystring: queryParams(myAlertsQueryShape),
      response: myAlertsResponseSchema,
    }),
    // The kept page's bytes (the response schema documents them): written and compressed once.
    async (request, reply) => {
      const { skip, limit } = request.query;
      const id = currentUser(request).id;
      const page = await alerts.myAlerts(id, sessionRow?.(request), skip, limit);
      return sendKeptJson(request, reply, bellAnswer(page));
    },
  );

  app.post(
    '/alerts/mine/seen',
    {
      config: user,
      schema: {
        tags,
        summary: "Marks the caller's alerts read up to and including `up_to` (idempotent)",
        body: alertsSeenRequestSchema,
        response: { 200: alertsSeenResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      ...(await alerts.markSeen(currentUser(request).id, request.body.up_to)),
    }),
  );

  app.post(
    '/alerts/settings',
    route({
      access: 'user',
      summary: 'Saves any of time_zone (IANA), quiet_start, quiet_end (local hours) and hourly_cap',
      body: alertSettingsUpdateSchema,
      response: alertSettingsResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      ...(await alerts.saveSettings(currentUser(request).id, request.body)),
    }),
  );

  app.get(
    '/alerts/admin/deliveries',
    {
      config: { access: 'admin' as const },
      schema: {
        tags,
        summary:
          'A page of the latest deliveries (alerts, digests, insights; skip, limit), their status and errors, and the counts per status',
        querystring: deliveriesQuerySchema,
        response: { 200: deliveriesResponseSchema, ...errors },
      },
    },
    // The kept page's bytes: written and compressed once per kept page.
    async (request, reply) => {
      const { status, limit, skip } = request.query;
      return sendKeptJson(
        request,
        reply,
        deliveriesAnswer(await alerts.adminListPage(status, limit, skip)),
      );
    },
  );
}
