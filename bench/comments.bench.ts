import { sql } from 'kysely';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import {
  answers,
  freePort,
  load,
  printTable,
  startBenchStack,
  startProcess,
  type LoadResult,
} from './lib/harness.ts';
import { insertBenchArticles } from './lib/news-data.ts';

const ARTICLES = 1_000_000;
/** Comments on the one busy article, and in all. */
const HOT_COMMENTS = 100_000;
const TOTAL_COMMENTS = 1_000_000;
/** Articles that carry the other comments (9 top-level comments and 1 reply each). */
const COMMENTED_ARTICLES = (TOTAL_COMMENTS - HOT_COMMENTS) / 10;
const USERS = 50;
/** The signed-in reader's own comments (on as many articles) and the replies by others to each. */
const READER_COMMENTS = 200;
const REPLIES_PER_READER_COMMENT = 4;
/** Open reports in the admin queue: comments reported by two users each. */
const REPORTS = 10_000;
const REPORTERS_PER_TARGET = 2;

/**
 * bench/comments: 1,000,000 articles and 1,000,000 comments by SQL (100,000 on one article, the
 * rest 10 each on 90,000 articles, the newest), a signed-in reader with 200 comments and 800
 * unread replies to them, 10,000 open reports; then `/comments/query` (first, middle and last page
 * of the busy article, a small article, replies), `/comments/replies/unread` and
 * `/comments/admin/reports` against a second API process with COMMENTS_CACHE=off (the same code
 * without the answer cache: the before figures of the same run) and ours, the article and the
 * `latest_ai` feed with `no_comments` under autocannon against the reference SELECT.
 */
export async function runCommentsBench(options: { seconds: number }) {
  const { seconds } = options;
  const stack = await startBenchStack({ RATE_LIMIT_SCALE: '10000' });
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  // The same code without the answer cache, on the same database: the before figures. Started
  // with the stack (same checkout state, same migrations) before the long load.
  const offPort = await freePort();
  const off = await startProcess(
    ['packages/server/src/main.ts', '--role=api'],
    {
      PORT: String(offPort),
      HOST: '127.0.0.1',
      DATABASE_URL: stack.databaseUrl,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SCALE: '10000',
      COMMENTS_CACHE: 'off',
    },
    answers(`http://127.0.0.1:${offPort}/api/health`),
  );
  try {
    let started = performance.now();
    await insertBenchArticles(db, ARTICLES);
    await sql`vacuum analyze news`.execute(db);
    console.log(
      `\nbench/comments: ${ARTICLES.toLocaleString('en-US')} articles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    // Commenters: real accounts (the author join reads their names and plans).
    const userIds: string[] = [];
    for (let i = 0; i < USERS; i += 1) {
      const response = await fetch(`${stack.api}/user/create`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          email: `commenter${i}@example.com`,
          password: 'bench-password',
          username: `commenter${i}`,
          first_name: 'C',
          last_name: 'B',
        }),
      });
      if (!response.ok) throw new Error(`register: HTTP ${response.status}`);
      userIds.push(((await response.json()) as { current_user: { id: string } }).current_user.id);
    }
    await sql`update users set subscription = 'tier2_monthly', subscription_status = 'active',
      current_period_end = now() + interval '20 days' where username like 'commenter1%'`.execute(
      db,
    );

    started = performance.now();
    const hot = await db
      .selectFrom('news')
      .select('id')
      .where('guid', '=', 'bench-1')
      .executeTakeFirstOrThrow();
    // The busy article: 100,000 top-level comments a minute apart.
    await sql`
      insert into comments (article_id, user_id, content, content_hash, created_at)
      select ${hot.id}::uuid, (${userIds}::uuid[])[1 + i % ${USERS}],
        'Comment number ' || i || ': margins held up better than the market feared, and the guidance looks conservative to me.',
        md5('comment ' || i), now() - make_interval(mins => ${HOT_COMMENTS} - i)
      from generate_series(1, ${HOT_COMMENTS}) as i`.execute(db);
    // 90,000 more articles (bench-2 …): 9 comments each, the first one with a reply.
    await sql`
      insert into comments (article_id, user_id, content, content_hash, created_at)
      select n.id, (${userIds}::uuid[])[1 + (n.k * 9 + j) % ${USERS}],
        'Short take ' || j || ' on this story.', md5('take ' || n.k || '-' || j),
        n.creation_date + make_interval(mins => j)
      from (select id, creation_date, row_number() over (order by guid) as k from news
            where guid in (select 'bench-' || g from generate_series(2, ${COMMENTED_ARTICLES + 1}) as g)) as n
      cross join generate_series(1, 9) as j`.execute(db);
    await sql`
      insert into comments (article_id, parent_comment_id, user_id, content, content_hash, created_at)
      select c.article_id, c.id, (${userIds}::uuid[])[1 + ((hashtext(c.id::text) & 1023) % ${USERS})],
        'A reply to the first take.', md5('reply ' || c.id), c.created_at + interval '1 minute'
      from comments c
      where c.article_id <> ${hot.id}::uuid and c.content = 'Short take 1 on this story.'`.execute(
      db,
    );
    // The signed-in reader: a comment on each of 200 articles, 4 replies by others under each
    // (unread: they never opened them); an admin for the reports queue.
    const [reader] = await createBenchUsers(db, {
      prefix: 'benchreader',
      count: 1,
      plan: () => 'tier2_monthly',
    });
    const [admin] = await createBenchUsers(db, {
      prefix: 'benchadmin',
      count: 1,
      plan: () => 'free',
      admin: true,
    });
    if (!reader || !admin) throw new Error('bench users missing');
    await sql`
      insert into comments (article_id, user_id, content, content_hash, created_at)
      select n.id, ${reader.id}::uuid, 'My view on story ' || n.k || ': priced in.',
        md5('mine ' || n.k), n.creation_date + interval '30 minutes'
      from (select id, creation_date, row_number() over (order by guid) as k from news
            where guid in (select 'bench-' || g from generate_series(2, ${READER_COMMENTS + 1}) as g)) as n`.execute(
      db,
    );
    await sql`
      insert into comments (article_id, parent_comment_id, user_id, content, content_hash, created_at)
      select c.article_id, c.id, (${userIds}::uuid[])[1 + j], 'I disagree, reply ' || j || '.',
        md5('answer ' || c.id || j), c.created_at + make_interval(mins => j)
      from comments c cross join generate_series(1, ${REPLIES_PER_READER_COMMENT}) as j
      where c.user_id = ${reader.id}::uuid`.execute(db);
    // Open reports: comments of the small articles ('Short take 2'), two reporters each.
    await sql`
      insert into comments (article_id, parent_comment_id, user_id, content, content_hash,
        is_report, report_state, created_at)
      select c.article_id, c.id, (${userIds}::uuid[])[1 + (t.k + r) % ${USERS}],
        'Spam or off topic (' || r || ').', md5('report ' || c.id || r), true, 'open',
        c.created_at + make_interval(mins => 30 + r)
      from (select id, row_number() over (order by id) as k from comments
            where content = 'Short take 2 on this story.'
            limit ${REPORTS / REPORTERS_PER_TARGET}) as t
      join comments c on c.id = t.id
      cross join generate_series(1, ${REPORTERS_PER_TARGET}) as r`.execute(db);
    await sql`update comments p set no_replies = r.n
      from (select parent_comment_id, count(*)::int as n from comments
            where parent_comment_id is not null and not is_report group by parent_comment_id) r
      where p.id = r.parent_comment_id`.execute(db);
    await sql`insert into comment_counts (article_id, visible, top_level)
      select article_id, count(*), count(*) filter (where parent_comment_id is null)
      from comments where not is_report group by article_id`.execute(db);
    await sql`vacuum analyze comments`.execute(db);
    await sql`vacuum analyze comment_counts`.execute(db);
    const total = Number(
      (
        await db
          .selectFrom('comments')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    console.log(
      `bench/comments: ${total.toLocaleString('en-US')} comments (${HOT_COMMENTS.toLocaleString('en-US')} on one article) loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const replied = await db
      .selectFrom('comments')
      .select(['article_id', 'id'])
      .where('no_replies', '>', 0)
      .limit(1)
      .executeTakeFirstOrThrow();
    const rows: LoadResult[] = [];
    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    rows.push(reference);
    const top = `parent_obj_id=${hot.id}&parent_comment_id=NULL`;
    const routes: [string, string, Record<string, string>?][] = [
      ['100k article, first 50', `/comments/query?${top}&skip=0&limit=50`],
      ['100k article, skip 50,000', `/comments/query?${top}&skip=${HOT_COMMENTS / 2}&limit=50`],
      ['100k article, skip 99,950', `/comments/query?${top}&skip=${HOT_COMMENTS - 50}&limit=50`],
      [
        '10-comment article',
        `/comments/query?parent_obj_id=${replied.article_id}&parent_comment_id=NULL`,
      ],
      [
        'replies of a comment',
        `/comments/query?parent_obj_id=${replied.article_id}&parent_comment_id=${replied.id}`,
      ],
      [
        'replies/unread (800 unread)',
        '/comments/replies/unread',
        { authorization: `Bearer ${reader.token}` },
      ],
      [
        'admin/reports (10,000 open)',
        '/comments/admin/reports?skip=0&limit=20',
        { authorization: `Bearer ${admin.token}` },
      ],
    ];
    for (const [name, path, headers] of routes) {
      rows.push(
        await load(`${name}, cache off`, `http://127.0.0.1:${offPort}/api${path}`, {
          seconds,
          ...(headers && { headers }),
        }),
      );
      rows.push(await load(name, `${stack.api}${path}`, { seconds, ...(headers && { headers }) }));
    }
    rows.push(
      await load(
        'feed latest_ai (20), no_cache',
        `${stack.api}/news/query?ai_summary__ne=NULL&related_exchange_tickers__not__size=0&order_by=-creation_date&limit=20&no_cache=1`,
        { seconds },
      ),
      await load('article /news/get/{id} (100k comments)', `${stack.api}/news/get/${hot.id}`, {
        seconds,
      }),
    );
    printTable(
      `bench/comments (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, no errors)`,
      rows,
      reference,
    );
  } finally {
    await off.stop();
    await db.destroy();
    await stack.stop();
  }
}
