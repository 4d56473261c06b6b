import { pino } from 'pino';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { createDatabase, type Database } from '../packages/server/src/db/database.ts';
import { jobDefinitions } from '../packages/server/src/jobs/registry.ts';
import { createJobQueue } from '../packages/server/src/jobs/queue.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import { startBenchStack, startProcess } from './lib/harness.ts';

/** Articles stored at once, as one ingest run would store them. */
const ARTICLES = 1_000;
/** Standard users with instant alerts; each listing is watched by two of them. */
const USERS = 40;
/** Mails handed to the SMTP server directly: the reference. */
const REFERENCE_MAILS = 200;
const LIMIT_MS = 240_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const ARTICLE_ID =
  /news\/view\?id=(?:3D)?([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/;

/** Waits until the queue has had no runnable job (schedules aside) for three checks in a row. */
async function settle(db: Database, limitMs: number): Promise<number> {
  const started = performance.now();
  let quiet = 0;
  while (performance.now() - started < limitMs && quiet < 3) {
    const { rows } = await sql<{ seen: string; pending: string }>`
      select count(*) as seen, count(*) filter (where state in ('created', 'retry', 'active')
          and start_after <= now() and name not like '\_\_pgboss%') as pending
      from pgboss.job where name not like '\_\_pgboss%'`.execute(db);
    const row = rows[0];
    quiet = row && Number(row.seen) > 0 && Number(row.pending) === 0 ? quiet + 1 : 0;
    await sleep(1_000);
  }
  return (performance.now() - started) / 1000;
}

/** A local SMTP server that notes when each mail arrived and the article it is about. */
async function listen(onMail: (raw: string, at: number) => void) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        onMail(
          Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
          Date.now(),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${String(port)}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A burst of 1,000 material (defcon ≤ 2) articles stored at once, enriched by the
 * offline analyst, fanned out to the Standard users who watch their companies and handed to SMTP
 * by the worker: latency from the article's storing to the mail's arrival at the SMTP server,
 * p50/p99 (target p99 ≤ 60 s). Reference: one mail handed to the same server by nodemailer.
 */
export async function runAlertsBench(_options: { seconds: number }) {
  const arrivals = new Map<string, number[]>();
  let reference = true;
  const referenceTimes: number[] = [];
  const smtp = await listen((raw, at) => {
    if (reference) return;
    const id = ARTICLE_ID.exec(raw)?.[1];
    if (id) arrivals.set(id, [...(arrivals.get(id) ?? []), at]);
  });

  // Reference: nodemailer → the same SMTP server, one mail at a time.
  const transport = nodemailer.createTransport(smtp.url);
  for (let i = 0; i < REFERENCE_MAILS; i += 1) {
    const started = performance.now();
    await transport.sendMail({
      from: 'bench@example.com',
      to: 'reader@example.com',
      subject: 'reference',
      text: 'reference mail',
    });
    referenceTimes.push(performance.now() - started);
  }
  transport.close();
  reference = false;

  // Pooled SMTP connections (nodemailer's `pool=true` in SMTP_URL), as a production relay uses.
  const smtpUrl = `${smtp.url}/?pool=true&maxConnections=8`;
  const stack = await startBenchStack({ SMTP_URL: smtpUrl });
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  const workerEnv = { DATABASE_URL: stack.databaseUrl, LOG_LEVEL: 'warn', SMTP_URL: smtpUrl };
  // ALERTS_BENCH_PROFILE=<dir>: the worker writes a V8 CPU profile there when it stops.
  const profileDir = process.env.ALERTS_BENCH_PROFILE;
  const worker = await startProcess(
    [
      ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []),
      'packages/server/src/main.ts',
      '--role=worker',
    ],
    workerEnv,
    () => Promise.resolve(true),
  );
  const queue = await createJobQueue({
    url: stack.databaseUrl,
    log: pino({ level: 'silent' }),
    worker: false,
    definitions: jobDefinitions,
  });
  try {
    // The worker's first start (quotes, demo news and their analyses) settles before timing.
    const warm = await settle(db, 180_000);
    const { rows: listings } = await sql<{ exchange_ticker: string; company_name: string }>`
      select s.exchange_ticker, c.company_name from securities s join companies c on c.id = s.company_id
      order by s.exchange_ticker limit ${USERS}`.execute(db);
    const users = await createBenchUsers(db, {
      prefix: 'alerts',
      count: USERS,
      plan: () => 'tier3_monthly',
    });
    await sql`update users set my_instant_alerts = true where username like 'alerts%'`.execute(db);
    for (const [u, user] of users.entries()) {
      const watched = [listings[u % listings.length], listings[(u + 1) % listings.length]].map(
        (l) => l?.exchange_ticker ?? '',
      );
      await sql`insert into watchlists (user_id, name, exchange_tickers)
        values (${user.id}, 'default', ${watched}::text[])
        on conflict (user_id, name) do update set exchange_tickers = excluded.exchange_tickers`.execute(
        db,
      );
      await sql`insert into alert_settings (user_id, time_zone, hourly_cap, updated_at)
        values (${user.id}, 'UTC', 1000, now())`.execute(db);
    }

    // The burst: 1,000 articles stored in one statement, then the analyst woken as ingest does.
    const stored = Date.now();
    const titles = Array.from({ length: ARTICLES }, (_, i) => {
      const listing = listings[i % listings.length];
      return {
        symbol: listing?.exchange_ticker ?? '',
        title: `${listing?.company_name ?? 'Company'} cuts its full-year guidance as demand slows (${String(i)})`,
      };
    });
    const { rows: inserted } = await sql<{ id: string }>`
      insert into news (link, guid, title, description, creation_date, related_exchange_tickers, source)
      select 'https://bench.example/alert/' || i, 'bench-alert-' || i, t.title,
        'The company lowered its outlook for the year after weaker orders in the quarter.',
        now(), array[t.symbol], 'bench'
      from unnest(${titles.map((t) => t.title)}::text[], ${titles.map((t) => t.symbol)}::text[])
        with ordinality as t(title, symbol, i)
      returning id`.execute(db);
    await queue.enqueue('news.enrich', {}, { singletonKey: 'after-ingest' });
    const expected = inserted.length * 2;

    const deadline = Date.now() + LIMIT_MS;
    let received = 0;
    while (Date.now() < deadline) {
      received = [...arrivals.values()].reduce((sum, list) => sum + list.length, 0);
      if (received >= expected) break;
      await sleep(250);
    }
    const latencies = [...arrivals.values()].flat().map((at) => (at - stored) / 1000);
    const { rows: stages } = await sql<{ analysed: Date; first: Date; last: Date }>`
      select (select max(updated_at) from news where source = 'bench') as analysed,
        (select min(created_at) from deliveries where kind = 'instant') as first,
        (select max(created_at) from deliveries where kind = 'instant') as last`.execute(db);
    const after = (date: Date | undefined) =>
      date ? `${((date.getTime() - stored) / 1000).toFixed(1)} s` : 'n/a';
    const { rows: levels } = await sql<{ level: number | null; n: string }>`
      select ("AI" ->> 'defcon_level')::int as level, count(*) as n from news
      where source = 'bench' group by 1 order by 1`.execute(db);
    const { rows: statuses } = await sql<{ status: string; n: string }>`
      select status, count(*) as n from deliveries group by 1 order by 1`.execute(db);
    console.log(
      `\nbench/alerts: article stored → instant alert handed to SMTP; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `  burst: ${String(inserted.length)} articles, defcon ${levels.map((l) => `${String(l.level)}: ${l.n}`).join(', ')}; ${String(USERS)} Standard users, 2 per listing`,
    );
    console.log(
      `  mails received ${String(received)} of ${String(expected)}; deliveries ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}`,
    );
    console.log(
      `  latency p50 ${percentile(latencies, 50).toFixed(1)} s, p99 ${percentile(latencies, 99).toFixed(1)} s, max ${Math.max(0, ...latencies).toFixed(1)} s (target p99 ≤ 60 s): ${percentile(latencies, 99) <= 60 && received >= expected ? 'PASS' : 'FAIL'}`,
    );
    console.log(
      `  stages after storing: worker warm-up settled in ${warm.toFixed(0)} s before; last article analysed ${after(stages[0]?.analysed)}, first alert written ${after(stages[0]?.first)}, last written ${after(stages[0]?.last)}`,
    );
    console.log(
      `  reference: one mail through nodemailer to the same SMTP server p50 ${percentile(referenceTimes, 50).toFixed(1)} ms, p99 ${percentile(referenceTimes, 99).toFixed(1)} ms`,
    );
  } finally {
    await worker.stop();
    await queue.stop(1_000);
    await db.destroy();
    await stack.stop();
    await smtp.close();
  }
}
