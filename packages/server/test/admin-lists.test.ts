import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';

type Page<K extends string> = Record<K, { username?: string; email?: string; id?: string }[]> & {
  total: number;
  unread?: number;
};

/**
 * The admin panel's lists are paged by the server (skip, limit ≤ 100, default 50) and
 * answer how many rows there are; bad paging is a 400 naming the parameter.
 */
describe('admin lists: paged on real PostgreSQL', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock('2026-11-25T12:00:00Z') });
    admin = await registerUser(t.app, { username: 'listadmin' });
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const db = t.database.db;
    // 30 members a minute apart before the admin (member01 the newest); every third waits.
    await sql`
      insert into users (username, email, password_hash, share_referral_code, first_name, last_name,
        is_email_validated, validation_status, created_at)
      select 'member' || lpad(i::text, 2, '0'), 'member' || i || '@lists.example', 'not-a-hash',
        'LIST-REF-' || i, case when i = 7 then 'Perc%nt' else 'Member' end, 'Number ' || i,
        i % 3 <> 0, case when i % 3 = 0 then 'pending' else 'approved' end,
        (select created_at from users where username = 'listadmin') - make_interval(mins => i)
      from generate_series(1, 30) as i`.execute(db);
    await sql`
      insert into contact_messages (name, email, subject, message, ip, created_at, read_at)
      select 'Visitor ' || i, 'visitor' || i || '@lists.example', 'Question ' || i, 'Hello.', '127.0.0.1',
        now() - make_interval(mins => i), case when i % 4 <> 0 then now() end
      from generate_series(1, 30) as i`.execute(db);
    await sql`
      insert into newsletter_subscribers (email, status, created_at)
      select 'reader' || i || '@lists.example',
        case when i % 5 = 0 then 'pending' when i % 5 = 1 then 'unsubscribed' else 'confirmed' end,
        now() - make_interval(mins => i)
      from generate_series(1, 25) as i`.execute(db);
    await sql`
      insert into outbox (to_address, subject, text_body, delivery, created_at)
      select 'member' || i || '@lists.example', 'Mail ' || i, 'Body', 'logged', now() - make_interval(mins => i)
      from generate_series(1, 60) as i`.execute(db);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = async <K extends string>(url: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    return { status: res.statusCode, body: res.json<Page<K> & { error_msg?: string }>() };
  };

  it('pages the user list newest first, with the total', async () => {
    const all = await get<'users'>('/api/user/admin/get/ALL');
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(31);
    expect(all.body.users).toHaveLength(31); // default limit 50
    const first = await get<'users'>('/api/user/admin/get/ALL?skip=0&limit=10');
    const second = await get<'users'>('/api/user/admin/get/ALL?skip=10&limit=10');
    expect(first.body.users.map((u) => u.username)).toEqual([
      'listadmin',
      ...Array.from({ length: 9 }, (_, i) => `member${String(i + 1).padStart(2, '0')}`),
    ]);
    expect(second.body.users.map((u) => u.username)).toEqual(
      Array.from({ length: 10 }, (_, i) => `member${String(i + 10).padStart(2, '0')}`),
    );
    expect(second.body.total).toBe(31);
    // A page in the second half is read from the end of the list: the same rows, same order.
    const deep = await get<'users'>('/api/user/admin/get/ALL?skip=25&limit=5');
    expect(deep.body.users.map((u) => u.username)).toEqual([
      'member25',
      'member26',
      'member27',
      'member28',
      'member29',
    ]);
    const last = await get<'users'>('/api/user/admin/get/ALL?skip=30&limit=10');
    expect(last.body.users.map((u) => u.username)).toEqual(['member30']);
  });

  it('searches username, e-mail and name in any case, taking % and _ literally', async () => {
    const byName = await get<'users'>('/api/user/admin/get/ALL?q=MEMBER2&limit=5');
    expect(byName.body.total).toBe(11); // member02, member20 … member29
    expect(byName.body.users.map((u) => u.username)).toEqual([
      'member02',
      'member20',
      'member21',
      'member22',
      'member23',
    ]);
    const byEmail = await get<'users'>('/api/user/admin/get/ALL?q=member17%40lists');
    expect(byEmail.body.users.map((u) => u.username)).toEqual(['member17']);
    const byFullName = await get<'users'>('/api/user/admin/get/ALL?q=member%20number%2030');
    expect(byFullName.body.users.map((u) => u.username)).toEqual(['member30']);
    const percent = await get<'users'>('/api/user/admin/get/ALL?q=c%25n');
    expect(percent.body.users.map((u) => u.username)).toEqual(['member07']);
    const underscore = await get<'users'>('/api/user/admin/get/ALL?q=member_1');
    expect(underscore.body).toMatchObject({ users: [], total: 0 });
  });

  it("answers a search's total with its page, and past its last match", async () => {
    const page = await get<'users'>('/api/user/admin/get/ALL?q=member1&skip=8&limit=5');
    expect(page.body.total).toBe(11); // member01, member10 … member19
    expect(page.body.users.map((u) => u.username)).toEqual(['member17', 'member18', 'member19']);
    const past = await get<'users'>('/api/user/admin/get/ALL?q=member1&skip=20&limit=5');
    expect(past.body).toMatchObject({ users: [], total: 11 });
  });

  it('pages the approval queue oldest first, with how many wait', async () => {
    const page = await get<'users'>('/api/user/admin/validation_queue?limit=4');
    expect(page.body.total).toBe(10);
    expect(page.body.users.map((u) => u.username)).toEqual([
      'member30',
      'member27',
      'member24',
      'member21',
    ]);
    const next = await get<'users'>('/api/user/admin/validation_queue?skip=8&limit=4');
    expect(next.body.users.map((u) => u.username)).toEqual(['member06', 'member03']);
    // Each row carries what the queue shows of an account, not the whole user.
    expect(Object.keys(page.body.users[0] ?? {}).sort()).toEqual([
      'creation_date',
      'email',
      'first_name',
      'id',
      'last_name',
      'username',
      'validation_status',
    ]);
  });

  it('pages the outbox, the contact inbox and the newsletter list', async () => {
    const outbox = await get<'messages'>('/api/user/admin/outbox?skip=5&limit=5');
    expect(outbox.body.messages.map((m) => (m as { subject?: string }).subject)).toEqual([
      'Mail 6',
      'Mail 7',
      'Mail 8',
      'Mail 9',
      'Mail 10',
    ]);
    expect((await get<'messages'>('/api/user/admin/outbox')).body.messages).toHaveLength(50);

    const inbox = await get<'messages'>('/api/contact/admin/inbox?skip=28&limit=5');
    expect(inbox.body).toMatchObject({ total: 30, unread: 7 });
    expect(inbox.body.messages.map((m) => m.email)).toEqual([
      'visitor29@lists.example',
      'visitor30@lists.example',
    ]);

    const list = await get<'subscribers'>('/api/subscription/admin/list?limit=3');
    expect(list.body).toMatchObject({
      total: 25,
      counts: { pending: 5, unsubscribed: 5, confirmed: 15 },
    });
    expect(list.body.subscribers.map((s) => s.email)).toEqual([
      'reader1@lists.example',
      'reader2@lists.example',
      'reader3@lists.example',
    ]);
  });

  it('shows a marked message in the next unread count at once', async () => {
    const before = await get<'messages'>('/api/contact/admin/inbox?limit=1');
    const id = before.body.messages[0]?.id ?? '';
    const marked = await t.app.inject({
      method: 'POST',
      url: `/api/contact/admin/mark/${id}`,
      headers: bearer(admin.token),
      payload: { read: false },
    });
    expect(marked.statusCode).toBe(200);
    const after = await get<'messages'>('/api/contact/admin/inbox?limit=1');
    expect(after.body.unread).toBe((before.body.unread ?? 0) + 1);
  });

  const routes = [
    '/api/user/admin/get/ALL',
    '/api/user/admin/validation_queue',
    '/api/user/admin/outbox',
    '/api/contact/admin/inbox',
    '/api/subscription/admin/list',
  ];
  it.each(
    routes.flatMap((route) => [
      [route, 'limit=0', "Invalid query parameter 'limit': limit must be at least 1."],
      [route, 'limit=101', "Invalid query parameter 'limit': limit must be at most 100."],
      [route, 'limit=ten', "Invalid query parameter 'limit': limit must be a whole number."],
      [route, 'skip=-1', "Invalid query parameter 'skip': skip must be 0 or more."],
      [route, 'skip=1.5', "Invalid query parameter 'skip': skip must be a whole number."],
      [route, 'page=2', 'page'],
    ]),
  )('%s?%s is a 400', async (route, query, message) => {
    const res = await get(`${route}?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toContain(message);
  });

  it('refuses a search longer than 100 characters (400)', async () => {
    const res = await get(`/api/user/admin/get/ALL?q=${'x'.repeat(101)}`);
    expect(res.status).toBe(400);
    expect(res.body.error_msg).toContain('The search is at most 100 characters.');
  });

  it("counts the approval queue again after this process's approval", async () => {
    const before = await get<'users'>('/api/user/admin/validation_queue?limit=1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/update',
      headers: bearer(admin.token),
      payload: { username: 'member27', key: 'is_email_validated', value: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await get<'users'>('/api/user/admin/validation_queue?limit=1');
    expect(after.body.total).toBe(before.body.total - 1);
  });
});
