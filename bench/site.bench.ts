import { sql } from 'kysely';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { load, printTable, startBenchStack, type LoadResult } from './lib/harness.ts';
import { startKeptStack } from './lib/kept-stack.ts';
import { ensureSiteData, MEMBER_ALERTS, USERS } from './lib/site-data.ts';

/**
 * bench/site: the GET read routes of the site, account and admin pages no other
 * benchmark hits, at a realistic size, under autocannon against the reference SELECT.
 *
 * `BENCH_SITE_DATA_DIR=<folder>` keeps the database in that folder across runs (loaded once);
 * `BENCH_SITE_ROUTES=admin,blog` runs only the rows whose names contain one of these;
 * `BENCH_SITE_NODE_ARGS` adds Node arguments to the API process (`--cpu-prof …`, kept data only).
 */
export async function runSiteBench(options: { seconds: number }) {
  const { seconds } = options;
  const env = { RATE_LIMIT_SCALE: '10000' };
  const dataDir = process.env.BENCH_SITE_DATA_DIR;
  const stack = dataDir
    ? await startKeptStack(
        'bench/site',
        dataDir,
        env,
        (process.env.BENCH_SITE_NODE_ARGS ?? '').split(' ').filter(Boolean),
      )
    : await startBenchStack(env);
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    const { adminToken, memberToken, search, slug } = await ensureSiteData(db);
    console.log(
      `bench/site: the admin searches '${search.term}' (${search.matches} accounts match)`,
    );

    const api = stack.api;
    const asAdmin = { headers: { authorization: `Bearer ${adminToken}` }, seconds };
    const asMember = { headers: { authorization: `Bearer ${memberToken}` }, seconds };
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
    await measure('site figures (landing)', `${api}/site/figures`, { seconds });
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
      `admin: users, search (${String(search.matches)} match)`,
      `${api}/user/admin/get/ALL?q=${encodeURIComponent(search.term)}&limit=10`,
      asAdmin,
    );
    await measure(
      'admin: validation queue (20)',
      `${api}/user/admin/validation_queue?limit=20`,
      asAdmin,
    );
    await measure('admin: outbox (50)', `${api}/user/admin/outbox`, asAdmin);
    // The mail the admin opens: the list carries no texts, so a single mail is read apart.
    const { rows: newest } = await sql<{ id: string }>`
      select id from outbox order by created_at desc, id desc limit 1`.execute(db);
    await measure(
      'admin: outbox, one mail opened',
      `${api}/user/admin/outbox/${newest[0]?.id ?? ''}`,
      asAdmin,
    );
    // As the admin's browser asks (it always offers compression): the kept answers compressed once.
    const asAdminBrowser = {
      ...asAdmin,
      headers: { ...asAdmin.headers, 'accept-encoding': 'gzip, deflate, br, zstd' },
    };
    await measure(
      'admin: users, page 1, browser (br)',
      `${api}/user/admin/get/ALL?skip=0&limit=10`,
      asAdminBrowser,
    );
    await measure(
      'admin: validation queue, browser (br)',
      `${api}/user/admin/validation_queue?limit=20`,
      asAdminBrowser,
    );
    await measure('admin: outbox, browser (br)', `${api}/user/admin/outbox`, asAdminBrowser);
    // The card's first page (20; the 100 latest would be ~28 KB).
    await measure(
      'admin: deliveries (20)',
      `${api}/alerts/admin/deliveries?skip=0&limit=20`,
      asAdmin,
    );
    await measure(
      'admin: deliveries, browser (br)',
      `${api}/alerts/admin/deliveries?skip=0&limit=20`,
      asAdminBrowser,
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
