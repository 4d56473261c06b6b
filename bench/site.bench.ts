import { sql } from 'kysely';
import { createDatabase, type Database } from '../packages/server/src/db/database.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import { load, printTable, startBenchStack, type LoadResult } from './lib/harness.ts';

/** The realistic size of a site a few years old (bench/README.md states it). */
const USERS = 50_000;
const PENDING_USERS = 5_000;
const DELIVERIES = 100_000;
const BLOG_POSTS = 200;
const CONTACT_MESSAGES = 10_000;
const SUBSCRIBERS = 20_000;
const CHANNELS = 3;
const CHANNEL_POSTS = 300;
const OUTBOX_MAILS = 10_000;
const BILLING_EVENTS = 2_000;

/**
 * The site's rows by SQL: 50,000 users (a fifth on a paid plan, 5,000 of them waiting for
 * approval), 100,000 alert deliveries, 200 weekly recaps, 10,000 contact messages, 20,000
 * newsletter subscribers, 300 channel posts, 10,000 outbox mails and the billing admin's events,
 * feedback and referral ledger.
 */
export async function loadSiteData(db: Database) {
  const plan = (i: number) =>
    i % 10 === 0 ? 'tier1_monthly' : i % 25 === 0 ? 'tier2_monthly' : ('free' as const);
  const users = await createBenchUsers(db, { prefix: 'siteuser', count: USERS, plan });
  await sql`update users set created_at = now() - make_interval(mins => substring(username from 9)::int)
    where username like 'siteuser%'`.execute(db);
  // Every tenth user confirmed their e-mail and waits for an admin.
  await sql`update users set is_email_validated = false, validation_status = 'pending'
    where username like 'siteuser%' and substring(username from 9)::int % 10 = 3`.execute(db);
  const ids = users.map((user) => user.id);

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
    select (${ids}::uuid[])[1 + i % ${USERS}], 'siteuser' || (1 + i % ${USERS}) || '@bench.example',
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
const MEMBER_ALERTS = 2_000;

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

/**
 * bench/site (issue 18): the GET read routes of the site, account and admin pages no other
 * benchmark hits, at a realistic size, under autocannon against the reference SELECT.
 */
export async function runSiteBench(options: { seconds: number }) {
  const { seconds } = options;
  const stack = await startBenchStack({ RATE_LIMIT_SCALE: '10000' });
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    const started = performance.now();
    const users = await loadSiteData(db);
    const [admin] = await createBenchUsers(db, {
      prefix: 'siteadmin',
      count: 1,
      plan: () => 'free',
      admin: true,
    });
    const member = users[41];
    if (!admin || !member) throw new Error('bench/site: no users');
    await loadMemberAlerts(db, member.id);
    console.log(
      `\nbench/site: ${USERS.toLocaleString('en-US')} users (${PENDING_USERS.toLocaleString('en-US')} waiting for approval), ` +
        `${DELIVERIES.toLocaleString('en-US')} deliveries, ${BLOG_POSTS} blog posts, ${CONTACT_MESSAGES.toLocaleString('en-US')} contact messages, ` +
        `${SUBSCRIBERS.toLocaleString('en-US')} newsletter subscribers, ${CHANNEL_POSTS} channel posts, ${OUTBOX_MAILS.toLocaleString('en-US')} outbox mails ` +
        `loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const slug = (
      await db
        .selectFrom('blog_posts')
        .select('slug')
        .orderBy('published_at', 'desc')
        .offset(3)
        .limit(1)
        .executeTakeFirstOrThrow()
    ).slug;

    const api = stack.api;
    const asAdmin = { headers: { authorization: `Bearer ${admin.token}` }, seconds };
    const asMember = { headers: { authorization: `Bearer ${member.token}` }, seconds };
    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const rows: LoadResult[] = [reference];
    // `BENCH_SITE_ROUTES=admin,blog`: only the rows whose names contain one of these.
    const only = (process.env.BENCH_SITE_ROUTES ?? '').split(',').filter(Boolean);
    const measure = async (name: string, url: string, options: Parameters<typeof load>[2]) => {
      if (only.length > 0 && !only.some((part) => name.includes(part))) return;
      const row = await load(name, url, options);
      rows.push(row);
      console.log(
        `  ${name}: ${Math.round(row.rps)} req/s, p99 ${String(row.p99)} ms, ${String(row.errors)} errors`,
      );
    };
    // Public pages (footer, landing, blog, menus).
    await measure('blog: list', `${api}/blog/posts`, { seconds });
    await measure('blog: one post', `${api}/blog/posts/${slug}`, { seconds });
    await measure('contact details (footer)', `${api}/contact/details`, { seconds });
    await measure('telegram info (menus)', `${api}/telegram/info`, { seconds });
    await measure('demo credentials (login)', `${api}/user/demo`, { seconds });
    // A signed-in user's pages.
    await measure('alert settings', `${api}/alerts/settings`, asMember);
    await measure(
      `alerts bell (10 of ${MEMBER_ALERTS.toLocaleString('en-US')}, unread count)`,
      `${api}/alerts/mine?limit=10`,
      asMember,
    );
    await measure('maps config (dev pages)', `${api}/dev/maps-config`, asMember);
    // The admin panel, as the web asks (its cards' page sizes), and a user list's last page.
    await measure(
      'admin: users, page 1 of 10',
      `${api}/user/admin/get/ALL?skip=0&limit=10`,
      asAdmin,
    );
    await measure(
      'admin: users, last page',
      `${api}/user/admin/get/ALL?skip=${String(USERS - 10)}&limit=10`,
      asAdmin,
    );
    await measure(
      'admin: users, search',
      `${api}/user/admin/get/ALL?q=siteuser4242&limit=10`,
      asAdmin,
    );
    await measure(
      'admin: validation queue (20)',
      `${api}/user/admin/validation_queue?limit=20`,
      asAdmin,
    );
    await measure('admin: outbox (50)', `${api}/user/admin/outbox`, asAdmin);
    await measure(
      'admin: deliveries limit=100',
      `${api}/alerts/admin/deliveries?limit=100`,
      asAdmin,
    );
    await measure(
      'admin: contact inbox (20)',
      `${api}/contact/admin/inbox?skip=0&limit=20`,
      asAdmin,
    );
    await measure(
      'admin: newsletter (20)',
      `${api}/subscription/admin/list?skip=0&limit=20`,
      asAdmin,
    );
    await measure('admin: payments overview', `${api}/payment/admin/overview`, asAdmin);
    await measure('admin: channels', `${api}/channels/list`, asAdmin);
    await measure('admin: channel posts', `${api}/channels/posts`, asAdmin);
    printTable(
      `bench/site (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, p99 ≤ 2× the reference's, no errors)`,
      rows,
      reference,
    );
    return rows;
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
