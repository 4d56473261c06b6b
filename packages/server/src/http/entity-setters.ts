import { errorResponseSchema, successResponse } from '@app/shared/api/envelope';
import { setValueRequestSchema } from '@app/shared/api/users';
import { z } from 'zod';
import type { AuthUser } from './access.ts';
import { currentUser } from './access.ts';
import { notFound } from './errors.ts';
import type { ZodApp } from './types.ts';

/** Sets one property of one entity for a caller; enforces that entity's per-role allowlist. */
export type EntitySetter = (
  caller: AuthUser,
  id: string,
  property: string,
  value: unknown,
) => Promise<void>;

/**
 * `POST /{entity}/set/{id}/{property}` (spec §7): the generic setter. Each entity registers its
 * setter (users now; news and others with their modules); an unknown entity is a 404.
 */
export function entitySetterRoutes(app: ZodApp, setters: Record<string, EntitySetter>) {
  app.post(
    '/:entity/set/:id/:property',
    {
      config: { access: 'user' },
      schema: {
        tags: ['generic'],
        summary: 'Set one property of one entity (per-entity, per-role allowlists)',
        params: z.object({
          entity: z.string().max(40),
          id: z.string().max(100),
          property: z.string().max(60),
        }),
        body: setValueRequestSchema,
        response: {
          200: successResponse({}),
          400: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const { entity, id, property } = request.params;
      const setter = Object.hasOwn(setters, entity) ? setters[entity] : undefined;
      if (!setter) throw notFound(`Unknown entity '${entity}'.`);
      await setter(currentUser(request), id, property, request.body.value);
      return { status: 'success' as const };
    },
  );
}
