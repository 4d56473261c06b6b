import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

type Row = { id?: string; username?: string; first_name?: string; subject?: string };
type Page = { users?: Row[]; messages?: Row[]; total?: number };

/**
 * Each API process answers the admin pages from memory while their table is
 * unchanged (ADMIN_PAGE_CACHE=on, `cache/page-notices.ts`): no statement at all for a kept page.
 * An approval through one process is on the next page of any process (the write waits until every
 * listening process forgot its pages); any other writer's (SQL here) once its notice arrives.
 */
describe('admin pages kept in memory across two app instances on one database', () => {
  const env = { ADMIN_PAGE_CACHE: 'on', SESSION_CACHE: 'on' };
  let a: TestApp;
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  let admin: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ env });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, { env }));
    admin = await registerUser(a.app, { username: 'notesadmin' });
    await grant(a.database.db, admin.user.id, { is_admin: true });
    // Six members waiting for approval, a minute apart before the admin.
    await sql`
      insert into users (username, email, password_hash, share_referral_code, first_name, last_name,
        is_email_validated, validation_status, created_at)
      select 'wait' || i, 'wait' || i || '@notes.example', 'not-a-hash', 'NOTES-REF-' || i,
        'Waiting', 'Member ' || i, false, 'pending',
        (select created_at from users where username = 'notesadmin') - make_interval(mins => i)
      from generate_series(1, 6) as i`.execute(a.database.db);
  }, 120_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const get = async (app: FastifyInstance, url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Page>();
  };
  const stats = () => bServices.users.adminPageStats();
  const queue = '/api/user/admin/validation_queue?limit=3';
  const outbox = '/api/user/admin/outbox?limit=5';
  const list = '/api/user/admin/get/ALL?skip=0&limit=5';

  it('answers kept pages from memory once B listens; an approval through A shows on B at once', async () => {
    // B's first calls start its listener; once it listens the pages are kept and reused.
    await waitFor(async () => {
      await get(b, queue);
      await get(b, outbox);
      return stats()?.listening === true && (stats()?.entries ?? 0) >= 2;
    });
    const first = await get(b, queue);
    expect(first.users?.map((u) => u.username)).toEqual(['wait6', 'wait5', 'wait4']);
    const hitsBefore = stats()?.hits ?? 0;
    expect(await get(b, queue)).toEqual(first);
    expect(stats()?.hits).toBe(hitsBefore + 1);

    // The approval answers once B forgot its pages: B's next pages show it, with no wait.
    const approved = await a.app.inject({
      method: 'POST',
      url: '/api/user/admin/update',
      headers: bearer(admin.token),
      payload: { username: 'wait5', key: 'is_email_validated', value: true },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const after = await get(b, queue);
    expect(after.users?.map((u) => u.username)).toEqual(['wait6', 'wait4', 'wait3']);
    expect(after.total).toBe((first.total ?? 0) - 1);
    // The mail telling the member was written before the approval answered: on B's outbox too.
    expect((await get(b, outbox)).messages?.[0]?.subject).toBe(
      'Your StockPulse account is approved',
    );
  });

  it("shows any other writer's change once the database announces it", async () => {
    const before = await get(b, list);
    expect(before.users?.map((u) => u.username)).toContain('wait1');
    await get(b, list);
    await sql`update users set first_name = 'Renamed' where username = 'wait1'`.execute(
      a.database.db,
    );
    await waitFor(
      async () =>
        (await get(b, list)).users?.find((u) => u.username === 'wait1')?.first_name === 'Renamed',
    );

    await get(b, outbox);
    await sql`insert into outbox (to_address, subject, text_body, delivery)
      values ('new@notes.example', 'Newest mail', 'Body', 'logged')`.execute(a.database.db);
    await waitFor(async () => (await get(b, outbox)).messages?.[0]?.subject === 'Newest mail');

    // The mail an admin opens is kept with the outbox's pages.
    const id = (await get(b, outbox)).messages?.[0]?.id ?? '';
    const open = () =>
      b.inject({
        method: 'GET',
        url: `/api/user/admin/outbox/${id}`,
        headers: bearer(admin.token),
      });
    expect((await open()).json()).toMatchObject({
      message: { subject: 'Newest mail', text: 'Body' },
    });
    const hitsBefore = stats()?.hits ?? 0;
    expect((await open()).json()).toMatchObject({ message: { text: 'Body' } });
    expect(stats()?.hits).toBe(hitsBefore + 1);
  });
});
