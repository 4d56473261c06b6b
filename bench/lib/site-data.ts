import { sql } from 'kysely';
import type { Database } from '../../packages/server/src/db/database.ts';
import { benchPeople, benchToken, createBenchUsers } from './bench-users.ts';

/** The realistic size of a site a few years old (bench/README.md states it). */
export const USERS = 50_000;
export const PENDING_USERS = 5_000;
export const DELIVERIES = 100_000;
export const BLOG_POSTS = 200;
export const CONTACT_MESSAGES = 10_000;
export const SUBSCRIBERS = 20_000;
const CHANNELS = 3;
export const CHANNEL_POSTS = 300;
export const OUTBOX_MAILS = 10_000;
const BILLING_EVENTS = 2_000;

/**
 * The site's rows by SQL: 50,000 users (a fifth on a paid plan, 5,000 of them waiting for
 * approval), 100,000 alert deliveries, 200 weekly recaps, 10,000 contact messages, 20,000
 * newsletter subscribers, 300 channel posts, 10,000 outbox mails and the billing admin's events,
 * feedback and referral ledger.
 */
async function loadSiteData(db: Database) {
  const plan = (i: number) =>
    i % 10 === 0 ? 'tier1_monthly' : i % 25 === 0 ? 'tier2_monthly' : ('free' as const);
  const users = await createBenchUsers(db, { prefix: 'siteuser', count: USERS, plan });
  await sql`update users set created_at = now() - make_interval(mins => substring(username from 9)::int)
    where username like 'siteuser%'`.execute(db);
  // Every tenth user confirmed their e-mail and waits for an admin.
  await sql`update users set is_email_validated = false, validation_status = 'pending'
    where username like 'siteuser%' and substring(username from 9)::int % 10 = 3`.execute(db);
  const ids = users.map((user) => user.id);
  // Then the names real accounts have (a search matches a handful, not every account).
  const people = benchPeople(USERS);
  const emails = people.map((person) => person.email);
  await sql`
    update users set username = p.username, email = p.email, first_name = p.first_name,
      last_name = p.last_name
    from unnest(${ids}::uuid[], ${people.map((p) => p.username)}::text[], ${emails}::text[],
      ${people.map((p) => p.firstName)}::text[], ${people.map((p) => p.lastName)}::text[])
      as p(id, username, email, first_name, last_name)
    where users.id = p.id`.execute(db);

  await sql`
    insert into deliveries (user_id, channel, kind, key, payload, status, attempts, last_error,
      created_at, due_at, sent_at)
    select (${ids}::uuid[])[1 + i % ${USERS}], case when i % 7 = 0 then 'telegram' else 'email' end,
      case when i % 50 = 0 then 'daily' else 'instant' end, 'story-' || i,
      jsonb_build_object('subject', 'NASDAQ:AAPL: guidance raised ' || i, 'text', repeat('Body of the alert. ', 20)),
      case when i % 100 = 1 then 'failed' when i % 100 = 2 then 'pending' when i % 100 = 3 then 'skipped' else 'sent' end,
      case when i % 100 = 1 then 5 else 1 end,
      case when i % 100 = 1 then 'SMTP 451: try again later' end,
      now() - make_interval(secs => i * 30), now() - make_interval(secs => i * 30),
      case when i % 100 > 3 then now() - make_interval(secs => i * 30 - 2) end
    from generate_series(1, ${DELIVERIES}) as i`.execute(db);

  await sql`
    insert into blog_posts (slug, title, excerpt, body, citations, week_start, week_end, published_at)
    select 'week-' || to_char(w, 'YYYY-MM-DD'), 'Markets this week: ' || to_char(w, 'Mon DD, YYYY'),
      'Stocks moved on earnings and central bank talk; the week''s biggest movers and what drove them.',
      repeat(E'## Movers\n\nA paragraph of the recap with a [citation](/news/view?id=x). ', 40),
      array['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
      w::date, (w + interval '4 days')::date, w + interval '5 days 18 hours'
    from generate_series(1, ${BLOG_POSTS}) as i,
      lateral (select date_trunc('week', now()) - make_interval(weeks => i) as w) as week`.execute(
    db,
  );

  await sql`
    insert into contact_messages (name, email, subject, message, ip, created_at, read_at)
    select 'Visitor ' || i, 'visitor' || i || '@bench.example', 'Question about plans ' || i,
      repeat('I would like to know more about the standard plan and its alerts. ', 6), '127.0.0.1',
      now() - make_interval(mins => i * 7), case when i % 5 <> 0 then now() - make_interval(mins => i * 7 - 60) end
    from generate_series(1, ${CONTACT_MESSAGES}) as i`.execute(db);

  await sql`
    insert into newsletter_subscribers (email, status, created_at, confirmed_at, unsubscribed_at)
    select 'reader' || i || '@bench.example',
      case when i % 10 = 0 then 'pending' when i % 10 = 1 then 'unsubscribed' else 'confirmed' end,
      now() - make_interval(mins => i * 20),
      case when i % 10 <> 0 then now() - make_interval(mins => i * 20 - 5) end,
      case when i % 10 = 1 then now() - make_interval(mins => i * 10) end
    from generate_series(1, ${SUBSCRIBERS}) as i`.execute(db);

  await sql`
    insert into telegram_channels (chat_id, title, kinds, enabled, created_at)
    select '-100' || (1000 + i), 'Channel ' || i, array['alert', 'brief'], true, now() - interval '90 days'
    from generate_series(1, ${CHANNELS}) as i`.execute(db);
  await sql`
    insert into telegram_channel_posts (channel_id, kind, text, status, error, message_id, created_at)
    select c.id, case when i % 3 = 0 then 'brief' else 'alert' end,
      'Alert ' || i || ': NASDAQ:AAPL guidance raised, shares up 4% after hours.',
      case when i % 20 = 0 then 'failed' else 'sent' end, case when i % 20 = 0 then 'Bad Request: chat not found' end,
      case when i % 20 <> 0 then i end, now() - make_interval(mins => i * 13)
    from generate_series(1, ${CHANNEL_POSTS}) as i
    join lateral (select id from telegram_channels order by chat_id offset (i % ${CHANNELS}) limit 1) as c on true`.execute(
    db,
  );

  await sql`
    insert into outbox (user_id, to_address, subject, text_body, delivery, created_at)
    select (${ids}::uuid[])[1 + i % ${USERS}], (${emails}::text[])[1 + i % ${USERS}],
      'Your StockPulse daily summary ' || i, repeat('Today in your watchlist: three stories. ', 15),
      case when i % 50 = 0 then 'failed' else 'logged' end, now() - make_interval(mins => i * 3)
    from generate_series(1, ${OUTBOX_MAILS}) as i`.execute(db);

  await sql`
    insert into billing_events (id, type, created, payload, received_at, processed_at, error)
    select 'evt_bench_' || i, 'customer.subscription.updated', now() - make_interval(mins => i * 11),
      jsonb_build_object('id', 'evt_bench_' || i), now() - make_interval(mins => i * 11),
      case when i % 40 <> 0 then now() - make_interval(mins => i * 11) end,
      case when i % 40 = 0 then 'No such customer' end
    from generate_series(1, ${BILLING_EVENTS}) as i`.execute(db);
  await sql`
    insert into cancel_feedback (user_id, reason, text, created_at)
    select (${ids}::uuid[])[i * 37], 'too_expensive', 'Great product, but the price is too high for me.',
      now() - make_interval(hours => i)
    from generate_series(1, 500) as i`.execute(db);
  await sql`
    insert into referral_ledger (referrer_id, referred_id, kind, amount_cents, description, source, created_at)
    select (${ids}::uuid[])[1 + i % 200], (${ids}::uuid[])[1000 + i], case when i % 2 = 0 then 'commission' else 'free_month' end,
      case when i % 2 = 0 then 290 else 0 end, 'Referral ' || i, 'invoice-' || i, now() - make_interval(hours => i)
    from generate_series(1, 1000) as i`.execute(db);

  for (const table of [
    'users',
    'sessions',
    'deliveries',
    'blog_posts',
    'contact_messages',
    'newsletter_subscribers',
    'telegram_channel_posts',
    'outbox',
    'billing_events',
    'cancel_feedback',
    'referral_ledger',
  ]) {
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  }
  return users;
}

/** The bench member's own instant alerts (the bell): a year of a busy watchlist. */
export const MEMBER_ALERTS = 2_000;

/**
 * `MEMBER_ALERTS` instant alerts of one user as the fan-out writes them (an e-mail row each, a
 * Telegram row for every third), four an hour back from now, seen up to the 31st newest.
 */
async function loadMemberAlerts(db: Database, userId: string) {
  await sql`
    insert into deliveries (user_id, channel, kind, key, payload, status, attempts, created_at, due_at, sent_at)
    select ${userId}::uuid, c.channel, 'instant', 'member-story-' || i,
      jsonb_build_object('subject', 'Alert: NASDAQ:AAPL guidance raised ' || i, 'article_id', gen_random_uuid()::text,
        'title', 'Apple raises guidance as services revenue jumps ' || i, 'line', repeat('Plain words. ', 8),
        'sentiment', 'bullish', 'sentiment_score', 7, 'defcon_level', 1 + i % 2,
        'moves', jsonb_build_array(jsonb_build_object('symbol', 'NASDAQ:AAPL', 'pct', 2.4),
          jsonb_build_object('symbol', 'NASDAQ:MSFT', 'pct', -0.3)),
        'url', 'https://stockpulse.example/news/view?id=' || i, 'stored_at', 0),
      'sent', 1, now() - make_interval(mins => i * 15), now() - make_interval(mins => i * 15),
      now() - make_interval(mins => i * 15)
    from generate_series(1, ${MEMBER_ALERTS}) as i,
      lateral (select 'email' as channel union all select 'telegram' where i % 3 = 0) as c`.execute(
    db,
  );
  await sql`insert into alert_reads (user_id, seen_until, updated_at)
    values (${userId}, now() - make_interval(mins => 31 * 15), now())`.execute(db);
}

/** What a run of bench/site needs of its data: who signs in, and what the admin searches. */
export type SiteData = {
  adminToken: string;
  memberToken: string;
  /** A surname as an admin types it, and how many accounts match it. */
  search: { term: string; matches: number };
  slug: string;
};

/**
 * The site's data, loaded unless the (kept) database has it already (the admin `siteadmin1`
 * exists): the users were created as `siteuser{i}` and renamed, and a bench user's token is the
 * SHA-256 of the name it was created with, so the tokens are known on every run.
 */
export async function ensureSiteData(db: Database): Promise<SiteData> {
  const kept = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'siteadmin1')
    .executeTakeFirst();
  const started = performance.now();
  if (!kept) {
    const users = await loadSiteData(db);
    await createBenchUsers(db, { prefix: 'siteadmin', count: 1, plan: () => 'free', admin: true });
    const member = users[41];
    if (!member) throw new Error('bench/site: no users');
    await loadMemberAlerts(db, member.id);
  }
  console.log(
    `\nbench/site: ${USERS.toLocaleString('en-US')} users (${PENDING_USERS.toLocaleString('en-US')} waiting for approval), ` +
      `${DELIVERIES.toLocaleString('en-US')} deliveries, ${BLOG_POSTS} blog posts, ${CONTACT_MESSAGES.toLocaleString('en-US')} contact messages, ` +
      `${SUBSCRIBERS.toLocaleString('en-US')} newsletter subscribers, ${CHANNEL_POSTS} channel posts, ${OUTBOX_MAILS.toLocaleString('en-US')} outbox mails ` +
      (kept
        ? 'kept from an earlier run'
        : `loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`),
  );
  // The first surname (of 7 letters or more) that 4 to 8 accounts share; the same every run.
  const { rows } = await sql<{ term: string; matches: number }>`
    select lower(last_name) as term, count(*)::int as matches from users
    where length(last_name) >= 7 and username not like 'siteadmin%'
    group by 1 having count(*) between 4 and 8 order by 1 limit 1`.execute(db);
  const term = rows[0]?.term ?? 'smith';
  const counted = await sql<{ n: number }>`select count(*)::int as n from users
    where lower(username) like ${`%${term}%`} or lower(email) like ${`%${term}%`}
      or lower(first_name || ' ' || last_name) like ${`%${term}%`}`.execute(db);
  const matches = counted.rows[0]?.n ?? 0;
  const { slug } = await db
    .selectFrom('blog_posts')
    .select('slug')
    .orderBy('published_at', 'desc')
    .offset(3)
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    adminToken: benchToken('siteadmin1'),
    memberToken: benchToken('siteuser42'),
    search: { term, matches },
    slug,
  };
}
