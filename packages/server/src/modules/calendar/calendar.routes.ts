import { deletedResponse } from '@app/shared/api/envelope';
import {
  calendarEventInputSchema,
  calendarEventResponseSchema,
  calendarResponseSchema,
} from '@app/shared/api/portfolio';
import { z } from 'zod';
import { currentUser } from '../../http/access.ts';
import { queryParams } from '../../http/strict-query.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { CalendarService } from './calendar.service.ts';

const errors = errorAnswers(400, 401, 404, 409);
const idParams = z.object({ id: z.uuid('An event id is a UUID.') });
const deleted = deletedResponse({ id: z.string() });

/** The dashboard calendar: the caller's own calendar only. */
export function calendarRoutes(app: ZodApp, { calendar }: { calendar: CalendarService }) {
  const config = { access: 'user' as const };
  const tags = ['calendar'];
  const route = moduleRoutes({ tags, errors, access: 'user' });

  app.get(
    '/calendar/events',
    route({
      summary:
        'Earnings and dividend dates of the caller’s holdings and watched companies, and their own events, from–to (at most 400 days)',
      querystring: queryParams({ from: z.iso.date().optional(), to: z.iso.date().optional() }),
      response: calendarResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      events: await calendar.events(currentUser(request).id, request.query),
    }),
  );

  app.post(
    '/calendar/events/create',
    route({
      summary: 'Adds an event of the caller’s own (a title is required)',
      body: calendarEventInputSchema,
      response: calendarEventResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      event: await calendar.create(currentUser(request).id, request.body),
    }),
  );

  app.post(
    '/calendar/events/update/:id',
    route({
      summary: 'Changes one of the caller’s own events',
      params: idParams,
      body: calendarEventInputSchema,
      response: calendarEventResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      event: await calendar.update(currentUser(request).id, request.params.id, request.body),
    }),
  );

  // A state change behind a GET (the contract's), so POST is accepted too.
  for (const method of ['GET', 'POST'] as const) {
    app.route({
      method,
      url: '/calendar/events/rm/:id',
      config,
      schema: {
        tags,
        summary: 'Removes one of the caller’s own events',
        params: idParams,
        response: { 200: deleted, ...errors },
      },
      handler: async (request) => {
        await calendar.remove(currentUser(request).id, request.params.id);
        return { status: 'deleted' as const, id: request.params.id };
      },
    });
  }
}
