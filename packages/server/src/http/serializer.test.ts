import { errorResponseSchema, successResponse } from '@app/shared/api/envelope';
import { currentUserResponseSchema } from '@app/shared/api/users';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  compileResponseSerializer,
  createSerializerCompiler,
  type SerializerChoice,
} from './serializer.ts';

/** The compiled writer of a schema (the test fails if the schema falls back to zod). */
function compiled(schema: z.ZodType): (data: unknown) => string {
  const result = compileResponseSerializer(schema);
  if (!('stringify' in result)) throw new Error(`not compiled: ${result.reason}`);
  return result.stringify;
}

/** What fastify-type-provider-zod's serializer (zod encode, then JSON.stringify) writes. */
const zodWay = (schema: z.ZodType) =>
  zodSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' });

const parsedBoth = (schema: z.ZodType, data: unknown) => ({
  fast: JSON.parse(compiled(schema)(data)) as unknown,
  zod: JSON.parse(zodWay(schema)(data)) as unknown,
});

describe('compiled response serializer', () => {
  it('writes only the fields the schema declares, at every depth (the allowlist)', () => {
    const schema = successResponse({
      user: z.object({ id: z.string(), name: z.string() }),
      list: z.array(z.object({ a: z.number() })),
      byKey: z.record(z.string(), z.object({ v: z.number() })),
      maybe: z.object({ x: z.number() }).nullable(),
    });
    const data = {
      status: 'success',
      secret: 'top',
      user: { id: 'u1', name: 'Ann', password_hash: '$argon2id$…' },
      list: [{ a: 1, token: 't' }],
      byKey: { k: { v: 2, hidden: true } },
      maybe: { x: 3, internal: 'no' },
    };
    const text = compiled(schema)(data);
    for (const leaked of ['secret', 'password_hash', 'argon2', 'token', 'hidden', 'internal']) {
      expect(text).not.toContain(leaked);
    }
    expect(JSON.parse(text)).toEqual({
      status: 'success',
      user: { id: 'u1', name: 'Ann' },
      list: [{ a: 1 }],
      byKey: { k: { v: 2 } },
      maybe: { x: 3 },
    });
  });

  it('never lets a stored hash out of /user/get/me', () => {
    const user = {
      id: 'u1',
      username: 'demo',
      email: 'demo@example.com',
      first_name: '',
      last_name: '',
      company: '',
      address: '',
      city: '',
      country: '',
      postal_code: '',
      about_me: '',
      share_referral_code: 'ABC',
      my_telegram_chat_id: '',
      my_debug_interface: false,
      my_dev_interface: false,
      my_clickbait: false,
      my_email_summary: true,
      my_email_alerts_daily: false,
      my_instant_alerts: false,
      my_email_replies: true,
      is_admin: false,
      is_email_validated: true,
      is_valid: true,
      validation_status: 'approved',
      subscription: '',
      subscription_status: '',
      creation_date: 1_700_000_000,
      last_access_date: null,
      last_email_date: 1_700_000_100,
    };
    const row = { ...user, password_hash: '$argon2id$v=19$secret', token_hash: 'abc' };
    const { fast, zod } = parsedBoth(currentUserResponseSchema, {
      status: 'success',
      current_user: row,
    });
    expect(fast).toEqual({ status: 'success', current_user: user });
    expect(fast).toEqual(zod);
  });

  it('picks the union branch zod picks even when the value carries extra fields', () => {
    const schema = z.object({
      item: z.union([
        z.object({ kind: z.literal('a'), a: z.number() }),
        z.object({ kind: z.literal('b'), b: z.string() }),
      ]),
      tagged: z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('x'), x: z.number() }),
        z.object({ kind: z.literal('y'), y: z.array(z.string()) }),
      ]),
    });
    const data = {
      item: { kind: 'b', b: 'bee', extra: 1 },
      tagged: { kind: 'y', y: ['1'], extra: 2 },
    };
    const { fast, zod } = parsedBoth(schema, data);
    expect(fast).toEqual({ item: { kind: 'b', b: 'bee' }, tagged: { kind: 'y', y: ['1'] } });
    expect(fast).toEqual(zod);
  });

  it('writes nulls, optional fields, records, tuples, enums and unknown values as zod does', () => {
    const schema = z.object({
      a: z.string().nullable(),
      b: z.number().int().optional(),
      c: z.record(z.string(), z.number()),
      d: z.tuple([z.number(), z.string()]),
      e: z.enum(['up', 'down']),
      f: z.unknown(),
      g: z.object({ x: z.number() }).nullable(),
      h: z.array(z.number().nullable()),
      i: z.number().nullish(),
      j: z.looseObject({ x: z.number() }),
      k: z.string().refine((value) => value.length > 0),
    });
    const values = [
      {
        a: null,
        c: { one: 1, two: 2 },
        d: [1, 'x'],
        e: 'up',
        f: { any: ['thing', 1] },
        g: null,
        h: [1, null, 3],
        i: null,
        j: { x: 1, kept: 'loose objects pass their extra fields' },
        k: 'ok',
      },
      {
        a: 'text "quoted" \u2028',
        b: 7,
        c: {},
        d: [0, ''],
        e: 'down',
        f: 0,
        g: { x: -1.5 },
        h: [],
        j: { x: 2 },
        k: 'é',
      },
    ];
    for (const data of values) {
      const { fast, zod } = parsedBoth(schema, data);
      expect(fast).toEqual(zod);
    }
  });

  it('keeps zod for schemas it cannot reproduce, and says why', () => {
    expect(compileResponseSerializer(z.object({ at: z.date() }))).toEqual({
      reason: 'uses date',
    });
    expect(
      compileResponseSerializer(z.object({ n: z.string().transform((value) => value.length) })),
    ).toEqual({ reason: 'uses a transform' });
    expect(compileResponseSerializer(z.object({ s: z.string().trim() }))).toEqual({
      reason: 'uses a value rewrite',
    });
    expect(compileResponseSerializer({ type: 'object' })).toEqual({ reason: 'not a zod schema' });
  });

  it('is what the app serialises with: compiled routes, a logged fallback, the envelope intact', async () => {
    const choices: SerializerChoice[] = [];
    const app = Fastify({ logger: false });
    app.setSerializerCompiler(
      createSerializerCompiler(pino({ level: 'silent' }), (choice) => {
        choices.push(choice);
      }),
    );
    app.get(
      '/fast',
      {
        schema: { response: { 200: successResponse({ n: z.number() }), 400: errorResponseSchema } },
      },
      () => ({ status: 'success', n: 1, leaked: 'x' }),
    );
    app.get(
      '/slow',
      { schema: { response: { 200: z.object({ s: z.string().toLowerCase() }) } } },
      () => ({ s: 'LOUD' }),
    );
    app.get(
      '/bad',
      {
        schema: { response: { 200: successResponse({ n: z.number() }), 400: errorResponseSchema } },
      },
      (_request, reply) =>
        reply.code(400).send({ status: 'error', error_msg: 'Bad n.', stack: 's' }),
    );
    await app.ready();
    expect((await app.inject('/fast')).json()).toEqual({ status: 'success', n: 1 });
    expect((await app.inject('/slow')).json()).toEqual({ s: 'loud' });
    const bad = await app.inject('/bad');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ status: 'error', error_msg: 'Bad n.' });
    expect(choices.filter((choice) => !choice.compiled && choice.method === 'GET')).toEqual([
      {
        method: 'GET',
        url: '/slow',
        httpStatus: '200',
        compiled: false,
        reason: 'uses a value rewrite',
      },
    ]);
    await app.close();
  });
});
