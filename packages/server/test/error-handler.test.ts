import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandler } from '../src/http/error-handler.ts';
import { conflict } from '../src/http/errors.ts';

function buildErrorApp() {
  const app = Fastify({ logger: false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    '/items',
    {
      schema: {
        body: z.strictObject({ name: z.string().min(2), price: z.number().positive() }),
        querystring: z.strictObject({ limit: z.coerce.number().int().max(100).optional() }),
      },
    },
    (request) => ({ status: 'success', name: request.body.name }),
  );
  typed.get('/conflict', () => {
    throw conflict('That name is taken.');
  });
  typed.get('/boom', () => {
    throw new Error('secret internal detail');
  });
  typed.get('/db-down', () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' });
  });
  // What pg raises for text PostgreSQL cannot store, should any slip past the request guard.
  typed.get('/db-text/:code', (request) => {
    const { code } = request.params as { code: string };
    throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code });
  });
  // pg's client-side query_timeout, a server-side statement_timeout, a dropped connection.
  typed.get('/db-timeout/read', () => {
    throw new Error('Query read timeout');
  });
  typed.get('/db-timeout/statement', () => {
    throw Object.assign(new Error('canceling statement due to statement timeout'), {
      code: '57014',
    });
  });
  typed.get('/db-timeout/terminated', () => {
    throw new Error('Connection terminated unexpectedly');
  });
  return app;
}

describe('the error handler', () => {
  const app = buildErrorApp();
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const post = (payload: string, url = '/items') =>
    app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });

  it('answers a validation failure with 400 naming the body field', async () => {
    const res = await post(JSON.stringify({ name: 'x', price: 3 }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error_msg: expect.stringContaining("'name'") });
  });

  it('names an unknown body field', async () => {
    const res = await post(JSON.stringify({ name: 'ok', price: 3, is_admin: true }));
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_msg: string }>().error_msg).toBe("Unknown body field 'is_admin'");
  });

  it('names the query parameter when it is out of range', async () => {
    const res = await post(JSON.stringify({ name: 'ok', price: 3 }), '/items?limit=500');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_msg: string }>().error_msg).toMatch(/^Invalid query parameter 'limit'/);
  });

  it('answers a body that is not JSON with 400', async () => {
    const res = await post('{"name": ');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      error_msg: 'The request body is not valid JSON.',
    });
  });

  it('keeps the status and message of an AppError', async () => {
    const res = await app.inject({ method: 'GET', url: '/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', error_msg: 'That name is taken.' });
  });

  it('hides the details of an unexpected error', async () => {
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internal detail');
  });

  it("answers 503 'Unable to connect to the server.' when the database is unreachable", async () => {
    const res = await app.inject({ method: 'GET', url: '/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'error', error_msg: 'Unable to connect to the server.' });
  });

  it.each(['22021', '22P05'])(
    "answers 400 'The request contains text that cannot be stored.' for PostgreSQL error %s",
    async (code) => {
      const res = await app.inject({ method: 'GET', url: `/db-text/${code}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        status: 'error',
        error_msg: 'The request contains text that cannot be stored.',
      });
    },
  );

  it.each(['read', 'statement', 'terminated'])(
    "answers 503 'Unable to connect to the server.' when a query times out (%s)",
    async (kind) => {
      const res = await app.inject({ method: 'GET', url: `/db-timeout/${kind}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        error_msg: 'Unable to connect to the server.',
      });
    },
  );
});
