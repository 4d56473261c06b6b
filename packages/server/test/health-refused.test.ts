import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';

describe('GET /api/health when the database refuses new connections', () => {
  let t: TestApp;
  let admin: pg.Client;
  beforeAll(async () => {
    t = await buildTestApp();
    admin = new pg.Client({ connectionString: inject('testServerUrl') });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  const allowConnections = (allow: boolean) =>
    admin.query(
      `alter database ${pg.escapeIdentifier(t.database.name)} allow_connections ${allow}`,
    );

  it("answers 503 'Unable to connect to the server.' although pooled connections still work", async () => {
    // The pool holds an open connection, as a running server's pool does (a smart shutdown
    // keeps those serving while it refuses every new one).
    await sql`select 1`.execute(t.database.db);
    await allowConnections(false);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        error_msg: 'Unable to connect to the server.',
      });
      // The pool itself still answers: only a new connection tells the truth.
      await expect(sql`select 1`.execute(t.database.db)).resolves.toBeDefined();
    } finally {
      await allowConnections(true);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', database: 'up' });
  });

  it('answers 503 from the first check after new connections stop, though the last check passed', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    await allowConnections(false);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
    } finally {
      await allowConnections(true);
    }
  });
});
