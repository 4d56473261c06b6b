import type { FastifyBaseLogger } from 'fastify';
import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type JsonSchema = { [keyword: string]: unknown };
type RouteSchema = { schema: unknown; method: string; url: string; httpStatus?: string };

/** How one route's answer for one status is serialised (kept for the log and for tests). */
export type SerializerChoice = {
  method: string;
  url: string;
  httpStatus: string;
  compiled: boolean;
  reason?: string;
};

const isObject = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', '$ref', 'not', 'if'];
/** Keywords whose value is data, not a schema. */
const LITERAL_KEYWORDS = new Set(['const', 'default', 'enum', 'examples', 'required']);

/**
 * Rewrites zod's JSON Schema for fast-json-stringify without changing which fields leave the
 * server:
 * - `additionalProperties: false` is dropped: fast-json-stringify writes only the declared
 *   properties anyway, and keeping it would make Ajv reject a union branch whose value carries
 *   extra fields (a repository row), where zod strips them and takes the branch;
 * - `anyOf: [object, null]` (zod's nullable object) becomes the object with `nullable: true`, so
 *   it is written without running a validator per value;
 * - `{}` (z.unknown / z.any) is not `required`: zod accepts undefined there and so do we.
 */
export function toSerializationSchema(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (keyword === '$schema') continue;
    if (keyword === 'additionalProperties' && value === false) continue;
    if (LITERAL_KEYWORDS.has(keyword)) {
      out[keyword] = value;
    } else if (Array.isArray(value)) {
      out[keyword] = (value as unknown[]).map((item) =>
        isObject(item) ? toSerializationSchema(item) : item,
      );
    } else if (isObject(value)) {
      out[keyword] =
        keyword === 'properties' ||
        keyword === 'definitions' ||
        keyword === '$defs' ||
        keyword === 'patternProperties'
          ? Object.fromEntries(
              Object.entries(value).map(([name, sub]) => [
                name,
                isObject(sub) ? toSerializationSchema(sub) : sub,
              ]),
            )
          : toSerializationSchema(value);
    } else {
      out[keyword] = value;
    }
  }
  const options = out.anyOf;
  if (Array.isArray(options) && options.length === 2 && Object.keys(out).length === 1) {
    const nullIndex = options.findIndex(
      (option) => isObject(option) && option.type === 'null' && Object.keys(option).length === 1,
    );
    const other: unknown = options[1 - nullIndex];
    if (
      nullIndex !== -1 &&
      isObject(other) &&
      other.type === 'object' &&
      !COMBINATORS.some((keyword) => keyword in other)
    ) {
      return { ...other, nullable: true };
    }
  }
  if (Array.isArray(out.required) && isObject(out.properties)) {
    const properties = out.properties;
    out.required = out.required.filter((name) => {
      const property = properties[name as string];
      return !(isObject(property) && Object.keys(property).length === 0);
    });
  }
  return out;
}

/** Zod constructs whose output fast-json-stringify cannot reproduce: those routes keep zod. */
function unsupportedConstruct(schema: z.ZodType): string | undefined {
  const seen = new Set<unknown>();
  const visit = (node: unknown): string | undefined => {
    if (!(node instanceof $ZodType) || seen.has(node)) return undefined;
    seen.add(node);
    const def = node._zod.def as unknown as Record<string, unknown> & { type: string };
    // Encoding runs codecs backwards and refuses transforms; a compiled writer would do neither.
    if (def.type === 'transform') return 'a transform';
    if (def.type === 'pipe' && 'reverseTransform' in def) return 'a codec';
    if (def.type === 'custom' || def.type === 'date' || def.type === 'bigint') return def.type;
    // String checks that rewrite the value (trim, toLowerCase …) run when zod encodes.
    const checks = Array.isArray(def.checks)
      ? (def.checks as { _zod: { def: { check: string } } }[])
      : [];
    if (checks.some((check) => check._zod.def.check === 'overwrite')) return 'a value rewrite';
    // Refinements are checks (zod 4 builds them as custom schemas): they never change a value.
    for (const [key, value] of Object.entries(def)) {
      if (key === 'checks') continue;
      const children: unknown[] = Array.isArray(value)
        ? value
        : value instanceof $ZodType
          ? [value]
          : isObject(value)
            ? Object.values(value)
            : [];
      for (const child of children) {
        const found = visit(child);
        if (found) return found;
      }
    }
    return undefined;
  };
  return visit(schema);
}

type Compiled = { stringify: (data: unknown) => string } | { reason: string };

/**
 * Compiled writers by schema: routes share schema objects (every error status of every route is
 * `errorResponseSchema`, a GET and its HEAD share theirs), so each is compiled once per process.
 */
const compiledBySchema = new WeakMap<object, Compiled>();

/** The compiled writer of one response schema, or why it cannot have one. */
export function compileResponseSerializer(schema: unknown): Compiled {
  if (!(schema instanceof $ZodType)) return { reason: 'not a zod schema' };
  let compiled = compiledBySchema.get(schema);
  if (!compiled) {
    compiled = compileOnce(schema as z.ZodType);
    compiledBySchema.set(schema, compiled);
  }
  return compiled;
}

/**
 * The writer Fastify compiles for a route's response schema (fast-json-stringify: the declared
 * fields only, so the schema stays the allowlist); zod's own path if the schema cannot compile.
 * For routes that write kept answers themselves and must send what the route would.
 */
export function responseWriter(schema: z.ZodType): (value: unknown) => string {
  const compiled = compileResponseSerializer(schema);
  if ('stringify' in compiled) return compiled.stringify;
  return (value) => JSON.stringify(schema.encode(value));
}

function compileOnce(schema: z.ZodType): Compiled {
  const construct = unsupportedConstruct(schema);
  if (construct) return { reason: `uses ${construct}` };
  try {
    const json = z.toJSONSchema(schema, {
      target: 'draft-07',
      io: 'output',
      unrepresentable: 'throw',
      cycles: 'ref',
      reused: 'inline',
    }) as JsonSchema;
    const stringify = fastJson(toSerializationSchema(json));
    return { stringify: stringify as (data: unknown) => string };
  } catch (error) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Fastify's serializer compiler for zod response schemas: each route's schema is turned into
 * JSON Schema once (z.toJSONSchema) and compiled by fast-json-stringify, which writes exactly the
 * declared fields (the allowlist) without validating the answer again at every call. A schema
 * that cannot be reproduced faithfully keeps fastify-type-provider-zod's path (zod encode, then
 * JSON.stringify), and the route is logged.
 */
export function createSerializerCompiler(
  log: FastifyBaseLogger,
  onChoice?: (choice: SerializerChoice) => void,
) {
  return (route: RouteSchema): ((data: unknown) => string) => {
    const httpStatus = route.httpStatus ?? 'default';
    const compiled = compileResponseSerializer(route.schema);
    if ('stringify' in compiled) {
      onChoice?.({ method: route.method, url: route.url, httpStatus, compiled: true });
      return compiled.stringify;
    }
    onChoice?.({
      method: route.method,
      url: route.url,
      httpStatus,
      compiled: false,
      reason: compiled.reason,
    });
    log.info(
      { route: `${route.method} ${route.url}`, httpStatus, reason: compiled.reason },
      'response serializer: zod fallback',
    );
    return zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  };
}
