import { widgetsBodySchema, widgetsResponseSchema } from '@app/shared/api/portfolio';
import { currentUser } from '../../http/access.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { WidgetService } from './widget.service.ts';

const errors = errorAnswers(400, 401);

/** The caller's dashboard widgets. */
export function widgetRoutes(app: ZodApp, { widgets }: { widgets: WidgetService }) {
  const tags = ['widgets'];
  const route = moduleRoutes({ tags, errors, access: 'user' });

  app.get(
    '/user/widgets',
    route({
      summary: 'The caller’s dashboard widgets in order, with their visibility',
      response: widgetsResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      widgets: await widgets.get(currentUser(request).id),
    }),
  );

  app.post(
    '/user/widgets',
    route({
      summary: 'Stores which widgets the caller shows and in which order (each id once)',
      body: widgetsBodySchema,
      response: widgetsResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      widgets: await widgets.save(currentUser(request).id, request.body.widgets),
    }),
  );
}
