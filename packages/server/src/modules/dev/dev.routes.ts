import { mapsConfigResponseSchema } from '@app/shared/api/dev';
import { errorAnswers, moduleRoutes } from '../../http/route-options.ts';
import type { ZodApp } from '../../http/types.ts';

const route = moduleRoutes({ tags: ['dev'], errors: errorAnswers() });

/**
 * The developer gallery: what its demo pages need from the server. Only settings, no
 * decisions, so no service: the Google Maps browser key (public by nature: browsers send it).
 */
export function devRoutes(app: ZodApp, deps: { googleMapsKey: string | undefined }) {
  app.get(
    '/dev/maps-config',
    route({
      access: 'user',
      summary: 'The Google Maps key of the map demos (null when GOOGLE_MAPS_KEY is not set)',
      response: mapsConfigResponseSchema,
      errors: errorAnswers(401),
    }),
    () => ({ status: 'success' as const, google_maps_key: deps.googleMapsKey ?? null }),
  );
}
