import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { createPageAnswers } from '../src/modules/admin/page-answers.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

type Row = { username?: string; first_name?: string; subject?: string };
type Page = { users?: Row[]; messages?: Row[]; total?: number };

/**
 * The admin pages' answers are kept as bytes and checked against their rows' versions
 * on every call (`admin/page-answers.ts`), so a change is on the next page asked — whoever made
 * it: this admin (read-your-own-writes), or another process (SQL here, as another writer).
 */
describe('admin page answers: kept, never stale (real PostgreSQL)', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock('2026-11-25T12:00:00Z') });
    admin = await registerUser(t.app, { username: 'pagesadmin' });
    await grant(t.database.db, admin.user.id, { is_admin: true });
    // 12 members a minute apart before the admin; the even ones wait for approval.
    await sql`
      insert into users (username, email, password_hash, share_referral_code, first_name, last_name,
        is_email_validated, validation_status, created_at)
      select 'kept' || lpad(i::text, 2, '0'), 'kept' || i || '@pages.example', 'not-a-hash',
        'PAGES-REF-' || i, 'Kept', 'Member ' || i, i % 2 = 1,
        case when i % 2 = 0 then 'pending' else 'approved' end,
        (select created_at from users where username = 'pagesadmin') - make_interval(mins => i)
      from generate_series(1, 12) as i`.execute(t.database.db);
    // Three mails written in the same instant (the id orders them), then older ones.
    await sql`
      insert into outbox (to_address, subject, text_body, delivery, created_at)
      select 'kept' || i || '@pages.example', 'Mail ' || i, 'Body', 'logged',
        timestamptz '2026-11-25T11:00:00Z' - make_interval(mins => greatest(i - 3, 0))
      from generate_series(1, 8) as i`.execute(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    return { raw: res.body, body: res.json<Page>() };
  };
  const update = (username: string, key: string, value: boolean) =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/admin/update',
      headers: bearer(admin.token),
      payload: { username, key, value },
    });

  it('takes an approval off the queue at once for the admin who approved', async () => {
    const url = '/api/user/admin/validation_queue?limit=3';
    const before = await get(url);
    expect(before.body.users?.map((u) => u.username)).toEqual(['kept12', 'kept10', 'kept08']);
    expect((await get(url)).raw).toBe(before.raw); // the kept answer
    expect((await update('kept10', 'is_email_validated', true)).statusCode).toBe(200);
    const after = await get(url);
    expect(after.body.users?.map((u) => u.username)).toEqual(['kept12', 'kept08', 'kept06']);
    expect(after.body.total).toBe((before.body.total ?? 0) - 1);
  });

  it("shows another writer's change on the next page asked", async () => {
    const url = '/api/user/admin/get/ALL?skip=0&limit=5';
    const before = await get(url);
    expect(before.body.users?.map((u) => u.username)).toEqual([
      'pagesadmin',
      'kept01',
      'kept02',
      'kept03',
      'kept04',
    ]);
    // Another process renames a member (no notification, no expiry: the row's version moved).
    await sql`update users set first_name = 'Renamed' where username = 'kept02'`.execute(
      t.database.db,
    );
    const after = await get(url);
    expect(after.body.users?.find((u) => u.username === 'kept02')?.first_name).toBe('Renamed');
    // A removal by the admin, then the same page again.
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/rm/kept01',
      headers: bearer(admin.token),
    });
    expect(removed.statusCode).toBe(200);
    const third = await get(url);
    expect(third.body.users?.map((u) => u.username)).toEqual([
      'pagesadmin',
      'kept02',
      'kept03',
      'kept04',
      'kept05',
    ]);
  });

  it("keeps a search's answer until a matching row changes, with its total", async () => {
    const url = '/api/user/admin/get/ALL?q=member%201&limit=10';
    const before = await get(url);
    expect(before.body.users?.map((u) => u.username)).toEqual(['kept10', 'kept11', 'kept12']);
    expect(before.body.total).toBe(3);
    expect((await get(url)).raw).toBe(before.raw);
    await sql`update users set last_name = 'Member 13' where username = 'kept05'`.execute(
      t.database.db,
    );
    const after = await get(url);
    expect(after.body.users?.map((u) => u.username)).toEqual([
      'kept05',
      'kept10',
      'kept11',
      'kept12',
    ]);
    expect(after.body.total).toBe(4);
  });

  it('shows a new mail on the outbox page at once, ties in one order', async () => {
    const url = '/api/user/admin/outbox?limit=4';
    const before = await get(url);
    const subjects = before.body.messages?.map((m) => m.subject);
    expect((await get(url)).body.messages?.map((m) => m.subject)).toEqual(subjects);
    await sql`insert into outbox (to_address, subject, text_body, delivery, created_at)
      values ('new@pages.example', 'Newest mail', 'Body', 'logged', '2026-11-25T13:00:00Z')`.execute(
      t.database.db,
    );
    const after = await get(url);
    expect(after.body.messages?.map((m) => m.subject)).toEqual([
      'Newest mail',
      ...(subjects ?? []).slice(0, 3),
    ]);
  });
});

describe('admin page answers, compressed', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock('2026-11-25T12:00:00Z') });
    admin = await registerUser(t.app, { username: 'zipadmin' });
    await grant(t.database.db, admin.user.id, { is_admin: true });
    await sql`
      insert into outbox (to_address, subject, text_body, delivery, created_at)
      select 'zip' || i || '@pages.example', 'Mail ' || i, repeat('A long body. ', 40), 'logged',
        timestamptz '2026-11-25T11:00:00Z' - make_interval(mins => i)
      from generate_series(1, 20) as i`.execute(t.database.db);
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the same JSON compressed to a browser, from bytes kept compressed', async () => {
    const ask = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/user/admin/outbox?limit=20',
        headers: { ...bearer(admin.token), ...(encoding && { 'accept-encoding': encoding }) },
      });
    const plain = await ask();
    expect(plain.headers['content-encoding']).toBeUndefined();
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const compressed = await ask(`${encoding}, deflate`);
      expect(compressed.headers['content-encoding']).toBe(encoding);
      expect(decode(compressed.rawPayload).toString()).toBe(plain.body);
      // 20 list rows (the texts come one mail at a time): about 2.8 KB plain, 0.7 KB compressed.
      expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    }
  });
});

describe('createPageAnswers', () => {
  it('sends the kept bytes while the versions match, and builds again when they move', async () => {
    const answers = createPageAnswers(2);
    let builds = 0;
    const build = (versions: string) => () => {
      builds += 1;
      return Promise.resolve({ versions, body: Buffer.from(`${versions}#${String(builds)}`) });
    };
    const first = await answers.answer('a', 'v1', build('v1'));
    expect(await answers.answer('a', 'v1', build('v1'))).toBe(first);
    expect(builds).toBe(1);
    expect(String(await answers.answer('a', 'v2', build('v2')))).toBe('v2#2');
    // At most `max` kept: the oldest goes first.
    await answers.answer('b', 'v1', build('v1'));
    await answers.answer('c', 'v1', build('v1'));
    expect(answers.size()).toBe(2);
    await answers.answer('a', 'v2', build('v2'));
    expect(builds).toBe(5);
  });
});
