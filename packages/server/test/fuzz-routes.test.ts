import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';

/** The seed of the run: a failure found once is found again, on any machine and any date. */
const SEED = 20_261_201;
const REQUESTS = 10_000;

/**
 * Streams that never end by design (server-sent events): an injected request would wait for
 * them forever. Their parameters are checked by their own tests (live.test.ts, prompt-stream).
 */
const STREAMS = new Set(['GET /api/live', 'GET /api/prompts/stream/{id}']);

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};
type Parameter = { name: string; in: 'path' | 'query' | 'header' | 'cookie'; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Route = { method: string; path: string; op: Operation };

/**
 * What an attacker sends: empty, huge, NUL bytes, lone surrogates, encodings, injections,
 * numbers at and past every limit, and the wrong JSON type.
 */
const NASTY: unknown[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '\ud800',
  '\uffff',
  '💥'.repeat(300),
  'x'.repeat(20_000),
  '../../../etc/passwd',
  "' OR '1'='1' --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'javascript:alert(1)',
  '%E0%A4%A',
  '%ff%fe',
  '%',
  '-1',
  '0',
  '1e308',
  '-1e308',
  'NaN',
  'Infinity',
  '99999999999999999999999999',
  '0001-01-01',
  '9999-12-31T23:59:59Z',
  '2026-02-30',
  'true',
  'null',
  '[]',
  '{}',
  '00000000-0000-0000-0000-000000000000',
  'NASDAQ:AAPL',
  'AAPL',
  -1,
  0,
  1e308,
  -1e308,
  2 ** 53 + 1,
  1e-300,
  0.1 + 0.2,
  true,
  null,
  [],
  [null],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
  Array.from({ length: 2_000 }, (_, i) => i),
];

/** A value the schema would accept, roughly: the fuzz also reaches the code behind validation. */
function valid(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return fc.string({ maxLength: 12 });
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((s) => valid(s, depth + 1)));
  if (schema.allOf?.length) return valid(schema.allOf[0], depth + 1);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1_000, -1e9);
      const max = Math.max(Math.min(schema.maximum ?? 100_000, 1e9), min);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(min), max: Math.max(Math.floor(max), Math.ceil(min)) })
        : fc.double({ min, max, noNaN: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valid(schema.items, depth + 1), { maxLength: 4 });
    case 'object': {
      const entries = Object.entries(schema.properties ?? {});
      return fc.record(Object.fromEntries(entries.map(([k, s]) => [k, valid(s, depth + 1)])), {
        requiredKeys: schema.required?.filter((k) => entries.some(([name]) => name === k)) ?? [],
      });
    }
    default:
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'date')
        return fc.constantFrom('2026-11-02', '2020-01-31', '1999-12-31');
      if (schema.format === 'date-time') return fc.constantFrom('2026-11-02T10:00:00Z');
      if (schema.format === 'email') return fc.constantFrom('ada@example.com');
      if (schema.format === 'uri') return fc.constantFrom('https://example.com/a');
      return fc.oneof(
        fc.string({
          minLength: schema.minLength ?? 0,
          maxLength: Math.min(schema.maxLength ?? 20, 40),
        }),
        fc.constantFrom('NASDAQ:AAPL', 'AAPL', 'tech', '1', 'bullish'),
      );
  }
}

/**
 * One field's value. Hostile requests send a nasty value in most fields; plausible ones mostly
 * valid values with one odd field now and then, so they get past validation into the code.
 */
const field = (schema: Schema | undefined, hostile: boolean) =>
  fc.oneof(
    { weight: hostile ? 5 : 18, arbitrary: valid(schema) },
    { weight: hostile ? 4 : 1, arbitrary: fc.constantFrom(...NASTY) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );

/** Sent as they are, not percent-encoded: broken escapes and encoded NULs reach the parser. */
const RAW = new Set(['%00', '%E0%A4%A', '%ff%fe', '%']);
/** A value as it goes into a URL: raw ones as they are, the rest encoded (lone surrogates made whole). */
const encode = (value: string) =>
  RAW.has(value) ? value : encodeURIComponent(value.toWellFormed());

const text = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value);

type Call = {
  method: string;
  url: string;
  as: 'visitor' | 'user' | 'admin';
  payload?: string;
  contentType?: string;
};

/** One request to a route: its path and query parameters and its body, each fuzzed. */
function callOf(route: Route, hostile: boolean): fc.Arbitrary<Call> {
  const params = route.op.parameters ?? [];
  const bodySchema = route.op.requestBody?.content?.['application/json']?.schema;
  const bodyFields = Object.entries(bodySchema?.properties ?? {});
  return fc
    .record({
      path: fc.tuple(...params.filter((p) => p.in === 'path').map((p) => field(p.schema, hostile))),
      query: fc.tuple(
        ...params.filter((p) => p.in === 'query').map((p) => field(p.schema, hostile)),
      ),
      extraQuery: hostile
        ? fc.option(fc.constantFrom('unknown_param=1', 'key=x', 'limit=-5&skip=1e9'), { freq: 6 })
        : fc.constant(null),
      body: fc.oneof(
        {
          weight: hostile ? 8 : 38,
          arbitrary: fc
            .tuple(...bodyFields.map(([, s]) => field(s, hostile)))
            .map((values) =>
              JSON.stringify(
                Object.fromEntries(
                  bodyFields
                    .map(([name], i) => [name, values[i]])
                    .filter(([, v]) => v !== undefined),
                ),
              ),
            ),
        },
        { weight: 1, arbitrary: fc.constantFrom('{', 'null', '[]', '"x"', '{"a":'.repeat(200)) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
      ),
      as: fc.constantFrom('visitor' as const, 'user' as const, 'admin' as const),
    })
    .map(({ path, query, extraQuery, body, as }) => {
      const pathParams = params.filter((p) => p.in === 'path');
      let url = route.path;
      pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, encode(text(path[i])));
      });
      const search: string[] = [];
      params
        .filter((p) => p.in === 'query')
        .forEach((p, i) => {
          const value = query[i];
          if (value === undefined) return;
          for (const one of Array.isArray(value) ? value : [value]) {
            search.push(`${encodeURIComponent(p.name)}=${encode(text(one))}`);
          }
        });
      const qs = [...search, extraQuery ?? ''].filter(Boolean).join('&');
      const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
      return {
        method: route.method,
        url: qs ? `${url}?${qs}` : url,
        as,
        ...(hasBody && { payload: body, contentType: 'application/json' }),
      };
    });
}

/**
 * Every parameter of every route in the OpenAPI document — path, query and body — fuzzed with a
 * fixed seed, as a visitor, a user and an admin: nothing answers 5xx.
 */
describe('fuzzing every route', () => {
  let t: TestApp;
  const tokens: Record<Call['as'], string | undefined> = {
    visitor: undefined,
    user: undefined,
    admin: undefined,
  };
  beforeAll(async () => {
    t = await buildTestApp({
      clock: fixedClock(new Date('2026-11-25T15:00:00Z')),
      demoCompanies: true,
      env: { RATE_LIMIT_SCALE: '10000' },
    });
    tokens.user = (await registerUser(t.app)).token;
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true, is_email_validated: true });
    tokens.admin = admin.token;
  });
  afterAll(() => t.close());

  it(
    `answers ${REQUESTS.toLocaleString('en')} hostile requests without one 5xx`,
    { timeout: 900_000 },
    async () => {
      const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<{
        paths: Record<string, Record<string, Operation>>;
      }>();
      const routes: Route[] = Object.entries(doc.paths).flatMap(([path, ops]) =>
        Object.entries(ops)
          .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map(([method, op]) => ({ method: method.toUpperCase(), path, op }))
          .filter((route) => !STREAMS.has(`${route.method} ${route.path}`)),
      );
      expect(routes.length).toBeGreaterThan(140);
      // Every route gets its share, in a seeded order: no route is left to chance.
      const calls = fc.sample(
        fc
          .tuple(fc.integer({ min: 0, max: routes.length - 1 }), fc.boolean())
          .chain(([i, hostile]) => callOf(routes[i]!, hostile)),
        { seed: SEED, numRuns: REQUESTS - routes.length },
      );
      const firstOfEach = routes.map(
        (route, i) => fc.sample(callOf(route, true), { seed: SEED + i, numRuns: 1 })[0]!,
      );
      const failures: string[] = [];
      const statuses = new Map<number, number>();
      for (const call of [...firstOfEach, ...calls]) {
        const token = tokens[call.as];
        const res = await t.app.inject({
          method: call.method as 'GET',
          url: call.url,
          headers: {
            ...(token && bearer(token)),
            ...(call.contentType && { 'content-type': call.contentType }),
          },
          ...(call.payload !== undefined && { payload: call.payload }),
        });
        const family = Math.floor(res.statusCode / 100);
        statuses.set(family, (statuses.get(family) ?? 0) + 1);
        if (res.statusCode >= 500) {
          failures.push(
            `${res.statusCode} ${call.as} ${call.method} ${call.url.slice(0, 300)} ${(call.payload ?? '').slice(0, 300)} → ${res.body.slice(0, 200)}`,
          );
        }
      }
      expect(failures, failures.slice(0, 20).join('\n')).toEqual([]);
      // The fuzz reaches the code behind validation too, not only the 400s in front of it.
      expect(statuses.get(2) ?? 0).toBeGreaterThan(REQUESTS * 0.08);
      expect(statuses.get(4) ?? 0).toBeGreaterThan(REQUESTS * 0.3);
      console.info(
        `fuzz: ${routes.length} routes, answers by class ${JSON.stringify(Object.fromEntries(statuses))}`,
      );
    },
  );
});
