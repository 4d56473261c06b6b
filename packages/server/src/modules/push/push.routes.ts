import { errorResponseSchema } from '@app/shared/api/envelope';
import {
  pushDeviceParamsSchema,
  pushDevicesResponseSchema,
  pushKeyResponseSchema,
  pushSubscribeBodySchema,
  pushSubscribeResponseSchema,
  pushTestResponseSchema,
} from '@app/shared/api/push';
import { currentUser } from '../../http/access.ts';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';
import type { PushService } from './push.service.ts';

const errors = errorAnswers(400, 401, 429);

/** Browser notifications: the server's public key and the caller's own subscribed browsers. */
export function pushRoutes(app: ZodApp, { push }: { push: PushService }) {
  const config = { access: 'user' as const };
  const tags = ['push'];
  const route = moduleRoutes({ tags, errors, access: 'user' });

  app.get(
    '/push/key',
    route({
      summary: 'The VAPID public key a browser subscribes with (base64url)',
      response: pushKeyResponseSchema,
    }),
    async () => ({ status: 'success' as const, public_key: await push.publicKey() }),
  );

  app.get(
    '/push/devices',
    route({
      summary: 'The caller’s browsers with notifications on, oldest first',
      response: pushDevicesResponseSchema,
    }),
    async (request) => ({
      status: 'success' as const,
      devices: await push.devices(currentUser(request).id),
    }),
  );

  app.post(
    '/push/subscribe',
    {
      config,
      schema: {
        tags,
        summary:
          'Stores this browser’s push subscription (PushSubscription.toJSON()) for the caller',
        body: pushSubscribeBodySchema,
        response: { 200: pushSubscribeResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      device: await push.subscribe(
        currentUser(request).id,
        request.body,
        request.headers['user-agent'],
      ),
    }),
  );

  app.post(
    '/push/devices/:id/remove',
    {
      config,
      schema: {
        tags,
        summary: 'Turns notifications off for one of the caller’s browsers',
        params: pushDeviceParamsSchema,
        response: { 200: pushDevicesResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await push.remove(userId, request.params.id);
      return { status: 'success' as const, devices: await push.devices(userId) };
    },
  );

  app.post(
    '/push/test',
    route({
      summary: 'Sends a test notification to every browser of the caller',
      response: pushTestResponseSchema,
    }),
    async (request) => {
      const outcome = await push.sendTest(currentUser(request).id);
      return {
        status: 'success' as const,
        sent: outcome.sent,
        removed: outcome.removed,
        failed: outcome.failed,
      };
    },
  );
}
