import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PLUGIN_PUBLIC_PREFIXES } from './access.ts';

/**
 * The session token may ride along as `?key=` on any call (the old client appends it to every
 * request), so every query schema accepts it; the auth layer reads it.
 */
export const tokenQueryField = { key: z.string().max(200).optional() };

/** A strict query schema: the listed parameters and `key`; anything else is a 400 naming it. */
export function queryParams<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.strictObject(tokenQueryField).extend(shape);
}

/** An /api route that declares no query schema accepts no query parameters but `key`. */
export function registerStrictQuery(app: FastifyInstance) {
  const none = queryParams({});
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    if (PLUGIN_PUBLIC_PREFIXES.some((prefix) => route.url.startsWith(prefix))) return;
    if (route.schema?.querystring !== undefined) return;
    route.schema = { ...route.schema, querystring: none };
  });
}
