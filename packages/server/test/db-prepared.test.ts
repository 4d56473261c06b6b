import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '../src/db/database.ts';
import { createPreparedRunner, PREPARED_MAX } from '../src/db/prepared.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';

/** The named statements the pool's one connection holds. */
async function preparedNames(db: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select name from pg_prepared_statements order by name`.execute(db);
  return rows.map((row) => row.name);
}

describe('db/prepared: hot reads as named prepared statements', () => {
  let database: TestDatabase;
  let db: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    // One pooled connection, so what it has prepared can be read back through the same pool.
    db = createDatabase({ url: database.url, maxConnections: 1 });
  });

  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('prepares a text once under its prefix and answers as Kysely would', async () => {
    const run = createPreparedRunner(db, 'probe');
    const query = (n: number) =>
      sql<{ doubled: number }>`select ${n}::int * 2 as doubled`.compile(db);
    expect(await run(query(21))).toEqual([{ doubled: 42 }]);
    expect(await run(query(5))).toEqual([{ doubled: 10 }]);
    expect((await db.executeQuery(query(5))).rows).toEqual([{ doubled: 10 }]);
    const names = (await preparedNames(db)).filter((name) => name.startsWith('probe_'));
    expect(names).toHaveLength(1);
    expect(names[0]).toMatch(/^probe_[0-9a-f]{24}$/);
  });

  it(`runs texts past the first ${PREPARED_MAX} unnamed, still answering`, async () => {
    const run = createPreparedRunner(db, 'many');
    for (let i = 0; i < PREPARED_MAX + 5; i += 1) {
      const rows = await run(sql<{ n: number }>`select ${sql.lit(i)}::int as n`.compile(db));
      expect(rows).toEqual([{ n: i }]);
    }
    const names = (await preparedNames(db)).filter((name) => name.startsWith('many_'));
    expect(names).toHaveLength(PREPARED_MAX);
  });
});
