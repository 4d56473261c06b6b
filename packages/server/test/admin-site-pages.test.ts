import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

type Deliveries = {
  deliveries: { key: string; subject: string; status: string }[];
  counts: Record<string, number>;
};
type Inbox = { messages: { id: string; subject: string; read: boolean }[]; unread: number };
type Subscribers = { subscribers: { email: string }[]; counts: { confirmed: number } };
type Posts = { posts: { channel_id: string; channel_title: string; text: string }[] };

/**
 * The admin deliveries view, the contact inbox, the newsletter list and the
 * channels' posts log are answered from memory while their tables are unchanged, as the user
 * pages are (ADMIN_PAGE_CACHE=on, `cache/page-notices.ts`, migration 2026-11-30T1520): no
 * statement for a kept page; any writer's change (SQL here) shows once its notice arrives; an
 * admin's own write through one process (a message marked read, a channel removed) is on the next
 * page of every process, with no wait.
 */
describe('admin site pages kept in memory across two app instances on one database', () => {
  const env = { ADMIN_PAGE_CACHE: 'on', SESSION_CACHE: 'on' };
  let a: TestApp;
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  let admin: TestUser;
  const channels = { one: '', two: '' };

  beforeAll(async () => {
    a = await buildTestApp({ env });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, { env }));
    admin = await registerUser(a.app, { username: 'siteadmin' });
    await grant(a.database.db, admin.user.id, { is_admin: true });
    const db = a.database.db;
    await sql`
      insert into deliveries (user_id, channel, kind, key, payload, status, attempts, created_at, due_at)
      select ${admin.user.id}::uuid, 'email', 'daily', 'digest-' || i,
        jsonb_build_object('subject', 'Digest ' || i), 'sent', 1,
        now() - make_interval(mins => i), now() - make_interval(mins => i)
      from generate_series(1, 5) as i`.execute(db);
    await sql`
      insert into contact_messages (name, email, subject, message, ip, created_at)
      select 'Visitor ' || i, 'visitor' || i || '@site.example', 'Question ' || i, 'Hello', '127.0.0.1',
        now() - make_interval(mins => i)
      from generate_series(1, 3) as i`.execute(db);
    await sql`
      insert into newsletter_subscribers (email, status, created_at, confirmed_at)
      select 'reader' || i || '@site.example', 'confirmed', now() - make_interval(mins => i), now()
      from generate_series(1, 3) as i`.execute(db);
    const { rows } = await sql<{ id: string }>`
      insert into telegram_channels (chat_id, title, kinds, enabled, created_at)
      values ('-1001', 'Alerts channel', array['alert'], true, now()),
        ('-1002', 'Briefs channel', array['brief'], true, now())
      returning id`.execute(db);
    channels.one = rows[0]?.id ?? '';
    channels.two = rows[1]?.id ?? '';
    await sql`
      insert into telegram_channel_posts (channel_id, kind, text, status, created_at)
      values (${channels.one}, 'alert', 'First alert', 'sent', now() - interval '2 minutes'),
        (${channels.two}, 'brief', 'First brief', 'sent', now() - interval '1 minute')`.execute(db);
  }, 120_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const get = async <T>(app: FastifyInstance, url: string): Promise<T> => {
    const res = await app.inject({ method: 'GET', url, headers: bearer(admin.token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const stats = () => bServices.users.adminPageStats();
  const deliveries = '/api/alerts/admin/deliveries?limit=100';
  const inbox = '/api/contact/admin/inbox?skip=0&limit=20';
  const subscribers = '/api/subscription/admin/list?skip=0&limit=20';
  const posts = '/api/channels/posts';
  const channelList = '/api/channels/list';

  it('answers each page from memory once B listens', async () => {
    await waitFor(async () => {
      for (const url of [deliveries, inbox, subscribers, posts, channelList]) await get(b, url);
      return stats()?.listening === true && (stats()?.entries ?? 0) >= 5;
    });
    // A second call is sent from memory (retried should a job's write land in between).
    for (const url of [deliveries, inbox, subscribers, posts, channelList]) {
      await waitFor(async () => {
        const first = await get(b, url);
        const hitsBefore = stats()?.hits ?? 0;
        expect(await get(b, url)).toEqual(first);
        return stats()?.hits === hitsBefore + 1;
      });
    }
    const page = await get<Deliveries>(b, deliveries);
    expect(page.deliveries.map((d) => d.subject)).toEqual([
      'Digest 1',
      'Digest 2',
      'Digest 3',
      'Digest 4',
      'Digest 5',
    ]);
    expect(page.counts).toEqual({ pending: 0, sending: 0, sent: 5, failed: 0, skipped: 0 });
    // The card's pages (each kept on its own); bad paging is a 400.
    const second = await get<Deliveries>(b, '/api/alerts/admin/deliveries?skip=2&limit=2');
    expect(second.deliveries.map((d) => d.subject)).toEqual(['Digest 3', 'Digest 4']);
    const bad = await b.inject({
      method: 'GET',
      url: '/api/alerts/admin/deliveries?skip=-1',
      headers: bearer(admin.token),
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows any other writer's change, counts included, once the database announces it", async () => {
    const db = a.database.db;
    await get(b, deliveries);
    await sql`
      insert into deliveries (user_id, channel, kind, key, payload, status, attempts, created_at, due_at)
      values (${admin.user.id}, 'email', 'daily', 'digest-new', '{"subject":"Newest digest"}',
        'failed', 5, now(), now())`.execute(db);
    await waitFor(async () => {
      const page = await get<Deliveries>(b, deliveries);
      return page.deliveries[0]?.subject === 'Newest digest' && page.counts.failed === 1;
    });

    await get(b, inbox);
    await sql`insert into contact_messages (name, email, subject, message, created_at)
      values ('New visitor', 'new@site.example', 'Newest question', 'Hi', now())`.execute(db);
    await waitFor(async () => {
      const page = await get<Inbox>(b, inbox);
      return page.messages[0]?.subject === 'Newest question' && page.unread === 4;
    });

    await get(b, subscribers);
    await sql`insert into newsletter_subscribers (email, status, created_at, confirmed_at)
      values ('newest@site.example', 'confirmed', now(), now())`.execute(db);
    await waitFor(async () => {
      const page = await get<Subscribers>(b, subscribers);
      return page.subscribers[0]?.email === 'newest@site.example' && page.counts.confirmed === 4;
    });

    // A post, and a channel's new title (each post shows its channel's title).
    await get(b, posts);
    await sql`update telegram_channels set title = 'Renamed channel' where id = ${channels.two}`.execute(
      db,
    );
    await waitFor(
      async () => (await get<Posts>(b, posts)).posts[0]?.channel_title === 'Renamed channel',
    );
  });

  it("shows an admin's own write through A on B's next page, with no wait", async () => {
    const before = await get<Inbox>(b, inbox);
    const unreadMessage = before.messages.find((message) => !message.read);
    expect(unreadMessage).toBeDefined();
    await get(b, inbox);
    const marked = await a.app.inject({
      method: 'POST',
      url: `/api/contact/admin/mark/${unreadMessage?.id ?? ''}`,
      headers: bearer(admin.token),
      payload: { read: true },
    });
    expect(marked.statusCode, marked.body).toBe(200);
    const after = await get<Inbox>(b, inbox);
    expect(after.messages.find((message) => message.id === unreadMessage?.id)?.read).toBe(true);
    expect(after.unread).toBe(before.unread - 1);

    expect((await get<Posts>(b, posts)).posts.map((post) => post.text)).toContain('First alert');
    const removed = await a.app.inject({
      method: 'POST',
      url: `/api/channels/remove/${channels.one}`,
      headers: bearer(admin.token),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await get<Posts>(b, posts)).posts.map((post) => post.text)).toEqual(['First brief']);

    // The channel list: a channel added, then paused, through A shows on B's next list.
    type Channels = { channels: { id: string; title: string; enabled: boolean }[] };
    const titles = async () => (await get<Channels>(b, channelList)).channels.map((c) => c.title);
    expect(await titles()).not.toContain('Alerts channel');
    const added = await a.app.inject({
      method: 'POST',
      url: '/api/channels/add',
      headers: bearer(admin.token),
      payload: { chat_id: '-1003', title: 'Newest channel' },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await titles()).toContain('Newest channel');
    const id = added.json<{ channel: { id: string } }>().channel.id;
    const paused = await a.app.inject({
      method: 'POST',
      url: `/api/channels/set/${id}`,
      headers: bearer(admin.token),
      payload: { enabled: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const listed = (await get<Channels>(b, channelList)).channels.find((c) => c.id === id);
    expect(listed?.enabled).toBe(false);
  });
});
