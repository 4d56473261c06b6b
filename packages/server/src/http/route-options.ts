import { errorResponseSchema } from '@app/shared/api/envelope';
import type { z } from 'zod';
import type { AccessLevel } from './access.ts';

/** What a route states of itself: who may call it, its OpenAPI text, its request schemas and its 200 answer. */
export type RouteSpec = {
  /** The module's level unless the route names its own. */
  access?: AccessLevel;
  /** The module's error answers unless the route documents its own. */
  errors?: Record<number, z.ZodType>;
  summary?: string;
  description?: string;
  params?: z.ZodType;
  querystring?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodType;
  /** The schema of the 200 answer. */
  response: z.ZodType;
};

/** What a route registers with: its access level and its schema, the answers it documents last. */
type RouteOptions<S extends RouteSpec, E> = {
  config: { access: AccessLevel | undefined };
  schema: { tags: string[] } & Omit<S, 'access' | 'errors' | 'response'> & {
      response: { 200: S['response'] } & (S extends { errors: infer X } ? X : E);
    };
};

/**
 * The options of a module's routes, which share their OpenAPI tags, their error answers and
 * (unless a route names its own) their access level: `route(spec)` is the `{ config, schema }` a
 * route registers with, its 200 answer first and then the module's error answers.
 */
export function moduleRoutes<const E extends Record<number, z.ZodType>>(shared: {
  tags: string[];
  errors: E;
  access?: AccessLevel;
}) {
  return function route<const S extends RouteSpec>(spec: S): RouteOptions<S, E> {
    const { access = shared.access, errors = shared.errors, response, ...request } = spec;
    const answers = { 200: response, ...errors };
    return {
      config: { access },
      schema: { tags: shared.tags, ...request, response: answers },
    } as RouteOptions<S, E>;
  };
}

/** The error answers a route documents, each the envelope `{ status: 'error', error_msg }`. */
export function errorAnswers<const C extends readonly number[]>(
  ...codes: C
): { [K in C[number]]: typeof errorResponseSchema } {
  return Object.fromEntries(codes.map((code) => [code, errorResponseSchema])) as {
    [K in C[number]]: typeof errorResponseSchema;
  };
}
