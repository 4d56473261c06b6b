import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

type SettingsBody = {
  settings: { time_zone: string; hourly_cap: number; quiet_start: number | null };
};

/**
 * Each API process keeps users' alert settings in memory (ALERT_SETTINGS_CACHE=on), so
 * `/alerts/settings` no longer reads the caller's row on every call, and settings changed anywhere
 * show in the next call of any process: saved through one process at once (the save waits until
 * every listening process dropped the user's entry), and by any other writer (SQL) as soon as the
 * database's notice arrives.
 */
describe('alert settings kept in memory across two app instances on one database', () => {
  const env = { ALERT_SETTINGS_CACHE: 'on', SESSION_CACHE: 'on' };
  let a: TestApp;
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  let user: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ env });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, { env }));
    user = await registerUser(a.app);
  }, 120_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const settingsOn = async (app: FastifyInstance) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/alerts/settings',
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SettingsBody>().settings;
  };
  const save = async (app: FastifyInstance, payload: object) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/alerts/settings',
      headers: bearer(user.token),
      payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const stats = () => bServices.alerts.settingsCacheStats();

  it('answers from memory once B listens, and sees a save through A at once', async () => {
    await save(a.app, { hourly_cap: 7 });
    // B's first calls start its listener; once it listens the settings are kept and reused.
    await waitFor(async () => {
      await settingsOn(b);
      return stats()?.listening === true && (stats()?.entries ?? 0) > 0;
    });
    const hitsBefore = stats()?.hits ?? 0;
    expect((await settingsOn(b)).hourly_cap).toBe(7);
    expect(stats()?.hits).toBeGreaterThan(hitsBefore);

    // A save through A answers once B dropped the user's entry: B's next call sees it, no wait.
    await save(a.app, { hourly_cap: 3, time_zone: 'Europe/Oslo' });
    expect(await settingsOn(b)).toMatchObject({ hourly_cap: 3, time_zone: 'Europe/Oslo' });
    await save(a.app, { hourly_cap: 4 });
    expect((await settingsOn(b)).hourly_cap).toBe(4);
    // And the other way round.
    await settingsOn(a.app);
    await save(b, { hourly_cap: 5 });
    expect((await settingsOn(a.app)).hourly_cap).toBe(5);
  });

  it('drops settings changed by any other writer when the database announces it', async () => {
    await settingsOn(b);
    const hitsBefore = stats()?.hits ?? 0;
    await settingsOn(b);
    expect(stats()?.hits).toBe(hitsBefore + 1);

    await sql`update alert_settings set hourly_cap = 9 where user_id = ${user.user.id}`.execute(
      a.database.db,
    );
    await waitFor(async () => (await settingsOn(b)).hourly_cap === 9);

    // The row deleted: the defaults again.
    await sql`delete from alert_settings where user_id = ${user.user.id}`.execute(a.database.db);
    await waitFor(async () => (await settingsOn(b)).time_zone === 'UTC');
    expect((await settingsOn(b)).hourly_cap).toBe(10);
  });
});
