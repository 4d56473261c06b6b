import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { DEMO_USER, DEMO_WATCHLIST, ensureFirstRunUsers } from '../src/modules/users/first-run.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { capturedLog } from './helpers/app.ts';

describe('first run', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.drop());

  it('creates the demo user once and answers its id only that time, so its watchlist is filled once', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_MODE: 'true',
      ADMIN_PASSWORD: 'a-long-admin-password',
    });
    await ensureDemoCompanies(test.db);
    const first = await ensureFirstRunUsers(test.db, config, capturedLog().log);
    const demo = await test.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', DEMO_USER.username)
      .executeTakeFirstOrThrow();
    expect(first.createdDemoUserId).toBe(demo.id);
    expect(await ensureFirstRunUsers(test.db, config, capturedLog().log)).toEqual({
      createdDemoUserId: null,
    });
    // Every symbol of the demo watchlist is a listing the demo data knows.
    const listed = await test.db
      .selectFrom('securities')
      .select('exchange_ticker')
      .where('exchange_ticker', 'in', [...DEMO_WATCHLIST])
      .execute();
    expect(listed.map((row) => row.exchange_ticker).sort()).toEqual([...DEMO_WATCHLIST].sort());
  });
});
