import { errorResponseSchema } from '@app/shared/api/envelope';
import { widgetsBodySchema, widgetsResponseSchema } from '@app/shared/api/portfolio';
import { currentUser } from '../../http/access.ts';
import type { ZodApp } from '../../http/types.ts';
import type { WidgetService } from './widget.service.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** The caller's dashboard widgets. */
export function widgetRoutes(app: ZodApp, { widgets }: { widgets: WidgetService }) {
  const config = { access: 'user' as const };
  const tags = ['widgets'];

  app.get(
    '/user/widgets',
    {
      config,
      schema: {
        tags,
        summary: 'The caller’s dashboard widgets in order, with their visibility',
        response: { 200: widgetsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      widgets: await widgets.get(currentUser(request).id),
    }),
  );

  app.post(
    '/user/widgets',
    {
      config,
      schema: {
        tags,
        summary: 'Stores which widgets the caller shows and in which order (each id once)',
        body: widgetsBodySchema,
        response: { 200: widgetsResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      widgets: await widgets.save(currentUser(request).id, request.body.widgets),
    }),
  );
}
