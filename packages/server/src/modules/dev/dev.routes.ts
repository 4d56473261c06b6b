import { mapsConfigResponseSchema } from '@app/shared/api/dev';
import { errorResponseSchema } from '@app/shared/api/envelope';
import type { ZodApp } from '../../http/types.ts';

/**
 * The developer gallery: what its demo pages need from the server. Only settings, no
 * decisions, so no service: the Google Maps browser key (public by nature: browsers send it).
 */
export function devRoutes(app: ZodApp, deps: { googleMapsKey: string | undefined }) {
  app.get(
    '/dev/maps-config',
    {
      config: { access: 'user' },
      schema: {
        tags: ['dev'],
        summary: 'The Google Maps key of the map demos (null when GOOGLE_MAPS_KEY is not set)',
        response: { 200: mapsConfigResponseSchema, 401: errorResponseSchema },
      },
    },
    () => ({ status: 'success' as const, google_maps_key: deps.googleMapsKey ?? null }),
  );
}
