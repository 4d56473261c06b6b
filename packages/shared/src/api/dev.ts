import { z } from 'zod';
import { successResponse } from './envelope.ts';

/**
 * The developer gallery. Spec §7: "A maps service is loaded with a placeholder {key}
 * on demo pages": the URL below with {key} replaced by the configured GOOGLE_MAPS_KEY.
 */
export const GOOGLE_MAPS_SCRIPT_URL =
  'https://maps.googleapis.com/maps/api/js?key={key}&loading=async';

/** GET /dev/maps-config: the browser key of Google Maps, null when GOOGLE_MAPS_KEY is not set. */
export const mapsConfigResponseSchema = successResponse({
  google_maps_key: z.string().nullable(),
});
export type MapsConfigResponse = z.infer<typeof mapsConfigResponseSchema>;
