import {
  hashPassword,
  verifyPassword,
  ARGON2_OPTIONS,
} from '../packages/server/src/modules/security/secrets.ts';
import { pino } from 'pino';
import { systemClock } from '../packages/server/src/clock.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { createServices } from '../packages/server/src/modules/create-services.ts';
import { load, printTable, startBenchDatabase, startStackOn } from './lib/harness.ts';

/**
 * `BENCH_ACCOUNTS_ROUTES=calendar,referrals`: only the page rows whose names contain one of these
 * (the references and `/user/get/me` always run); `BENCH_ACCOUNTS_NODE_ARGS` adds Node arguments
 * to the API process (`--cpu-prof …`).
 */
const ONLY = (process.env.BENCH_ACCOUNTS_ROUTES ?? '').split(',').filter(Boolean);
const NODE_ARGS = (process.env.BENCH_ACCOUNTS_NODE_ARGS ?? '').split(' ').filter(Boolean);
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((part) => name.includes(part));

/** Time of one argon2id hash and one verification with the product's parameters. */
async function argon2Timing() {
  const samples = 20;
  const hashStart = performance.now();
  let stored = '';
  for (let i = 0; i < samples; i += 1) stored = await hashPassword(`password-${i}`);
  const hashMs = (performance.now() - hashStart) / samples;
  const verifyStart = performance.now();
  for (let i = 0; i < samples; i += 1) await verifyPassword(stored, 'password-19');
  const verifyMs = (performance.now() - verifyStart) / samples;
  return { hashMs, verifyMs };
}

/**
 * bench/accounts: argon2 cost, then login, /api/user/get/me and the account pages' read routes
 * (plans, subscription status, referrals, widgets, calendar, the market calendar, the screener's
 * facets and saved screens) against the reference routes (ratios to the indexed SELECT).
 */
export async function runAccountsBench(options: { seconds: number }) {
  const { hashMs, verifyMs } = await argon2Timing();
  console.log(
    `\nbench/accounts: argon2id m=${ARGON2_OPTIONS.memoryCost} KiB, t=${ARGON2_OPTIONS.timeCost}, p=${ARGON2_OPTIONS.parallelism}: ` +
      `${hashMs.toFixed(1)} ms per hash, ${verifyMs.toFixed(1)} ms per verification`,
  );
  const stack = await startStackOn(
    await startBenchDatabase(),
    { RATE_LIMIT_SCALE: '10000' },
    NODE_ARGS,
  );
  try {
    const base = stack.api;
    const login = { email: 'bench@example.com', password: 'bench-password' };
    const created = await fetch(`${base}/user/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...login, username: 'benchuser', first_name: 'B', last_name: 'C' }),
    });
    const { token } = (await created.json()) as { token: string };
    const { seconds } = options;
    const bare = await load('reference: bare route', `${stack.reference}/bare`, {
      seconds,
    });
    const select = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const me = await load('GET /api/user/get/me', `${base}/user/get/me`, {
      seconds,
      headers: { authorization: `Bearer ${token}` },
    });
    // The account pages' read routes (billing, widgets, calendar) for the same user, who watches
    // 20 listings and holds 3 of them, so the calendar has companies' events to show.
    const auth = { authorization: `Bearer ${token}` };
    const listed = (await (await fetch(`${base}/company/query?limit=20`)).json()) as {
      companies?: { exchange_tickers?: string[] }[];
    };
    const watched = (listed.companies ?? []).flatMap((c) => c.exchange_tickers?.slice(0, 1) ?? []);
    for (const symbol of watched) {
      const added = await fetch(`${base}/ticker/user/watchlist/append/default/${symbol}`, {
        headers: auth,
      });
      if (!added.ok) throw new Error(`watchlist append ${symbol}: ${added.status}`);
    }
    for (const symbol of watched.slice(0, 3)) {
      const bought = await fetch(`${base}/portfolio/transactions/create`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'buy', symbol, date: '2024-01-02', quantity: 5, price: 100 }),
      });
      if (!bought.ok) throw new Error(`buy ${symbol}: ${bought.status} ${await bought.text()}`);
    }
    const calendar = (await (await fetch(`${base}/calendar/events`, { headers: auth })).json()) as {
      events?: unknown[];
    };
    console.log(
      `bench/accounts: the calendar's user watches ${watched.length} listings, holds 3; 31 days: ${calendar.events?.length ?? 0} events`,
    );
    // A worker stores the market calendar; the stack has none, so its job's work runs here.
    const db = createDatabase({ url: stack.databaseUrl, maxConnections: 2 });
    const services = createServices({
      db,
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      log: pino({ level: 'silent' }),
      clock: systemClock,
      jobs: { enqueue: () => Promise.resolve(null) },
    });
    try {
      const { stored } = await services.marketCalendar.refresh();
      console.log(`bench/accounts: the market calendar stored ${stored} events`);
    } finally {
      services.close();
      await db.destroy();
    }
    const held = watched[0] ?? 'NASDAQ:AAPL';
    const weekUrl = `${base}/market-calendar/week?kind=earnings`;
    // The user keeps two saved screens, which the screener page lists.
    for (const [name, query] of [
      ['Near high', 'from_high_pct__gte=-5&order_by=-market_cap'],
      ['Energy movers', 'sector=Energy&order_by=-change_pct_1'],
    ]) {
      const saved = await fetch(`${base}/screener/screens`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ name, query }),
      });
      if (!saved.ok) throw new Error(`save screen ${name}: ${saved.status} ${await saved.text()}`);
    }
    // The user's private calendar link, as a calendar app polls it (no header: the path is the key).
    const feedLink = (await (
      await fetch(`${base}/market-calendar/feed/create`, { method: 'POST', headers: auth })
    ).json()) as { path?: string };
    if (!feedLink.path) throw new Error('market calendar feed: no link feedLink');
    const ics = `${new URL(base).origin}${feedLink.path}`;
    const rows: [string, string, { headers?: Record<string, string> }][] = [
      ['GET /api/market-calendar/week (earnings, public)', weekUrl, {}],
      [
        'GET /api/market-calendar/week (dividends, holdings)',
        `${base}/market-calendar/week?kind=dividends&scope=holdings`,
        { headers: auth },
      ],
      ['GET /api/market-calendar/company/{symbol}', `${base}/market-calendar/company/${held}`, {}],
      [
        'GET /api/market-calendar/holdings-week',
        `${base}/market-calendar/holdings-week`,
        { headers: auth },
      ],
      ['GET /api/market-calendar/feed', `${base}/market-calendar/feed`, { headers: auth }],
      ['GET /api/market-calendar/feed/{token}.ics', ics, {}],
      ['GET /api/screener/facets (public)', `${base}/screener/facets`, {}],
      ['GET /api/screener/screens', `${base}/screener/screens`, { headers: auth }],
      ['GET /api/payment/plans (public)', `${base}/payment/plans`, {}],
      ['GET /api/payment/status', `${base}/payment/status`, { headers: auth }],
      ['GET /api/payment/referrals', `${base}/payment/referrals`, { headers: auth }],
      ['GET /api/user/widgets', `${base}/user/widgets`, { headers: auth }],
      ['GET /api/calendar/events (31 days)', `${base}/calendar/events`, { headers: auth }],
    ];
    const pageRoutes = [];
    for (const [name, url, extra] of rows.filter(([name]) => wanted(name))) {
      pageRoutes.push(await load(name, url, { seconds, ...extra }));
    }
    const loginName = 'POST /api/user/login (argon2)';
    if (wanted(loginName)) {
      pageRoutes.push(
        await load(loginName, `${base}/user/login`, {
          seconds,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(login),
        }),
      );
    }
    printTable(
      `bench/accounts (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target for /user/get/me ≥ 0.5×, no errors)`,
      [bare, select, me, ...pageRoutes],
      select,
    );
  } finally {
    await stack.stop();
  }
}
