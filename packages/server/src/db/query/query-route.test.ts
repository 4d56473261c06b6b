import Fastify, { type FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers/database.ts';
import { registerErrorHandler } from '../../http/error-handler.ts';
import { createItemsTable, itemResource, type ItemsTables } from './query-test-table.fixture.ts';

let testDb: TestDatabase;
let app: FastifyInstance;

/** The shape a real list route takes: parse, scope, apply, answer in the envelope. */
function listRoute(db: Kysely<ItemsTables>) {
  return async (request: { query: unknown }) => {
    const ast = itemResource.parse(request.query);
    const base = db
      .selectFrom('query_test_items')
      .select(['id', 'name'])
      .where('is_blocked', '=', false);
    const items = await itemResource.apply(base, ast).execute();
    return { status: 'success', items };
  };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  const db = testDb.db.$extendTables<ItemsTables>();
  await createItemsTable(db);
  app = Fastify();
  registerErrorHandler(app);
  app.get('/items', listRoute(db));
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await testDb.drop();
});

describe('a Fastify route using the query resource', () => {
  it('reads the repeated status parameter as "any of" and keeps its own scope', async () => {
    const res = await app.inject({
      url: '/items?status=INDEX&status=PROCESSED&order_by=id&limit=3',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      items: [
        { id: 1, name: 'Apple earnings beat' },
        { id: 2, name: 'Nvidia 50% rally' },
        { id: 3, name: 'nvidia_chip supply' },
      ],
    });
  });

  it('answers a bad parameter with a 400 naming it, in the error envelope', async () => {
    const res = await app.inject({ url: '/items?price__between=1,2' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'error',
      error_msg: "Unknown operator 'between' in 'price__between'",
    });
  });

  it('ignores the token parameter key', async () => {
    const res = await app.inject({ url: '/items?key=abc&tags__iendswith=:NVDA&order_by=id' });
    expect(res.json<{ items: { id: number }[] }>().items.map((item) => item.id)).toEqual([2, 3, 7]);
  });
});
