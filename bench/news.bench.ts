import { sql } from 'kysely';
import { createDatabase, type Database } from '../packages/server/src/db/database.ts';
import { createNewsRepository } from '../packages/server/src/modules/news/news.repository.ts';
import { createTickerLinker } from '../packages/server/src/modules/news/ticker-linker.ts';
import { createBenchUsers } from './lib/bench-users.ts';
import {
  answers,
  freePort,
  load,
  printTable,
  serialCalls,
  startBenchStack,
  startProcess,
  type LoadResult,
} from './lib/harness.ts';
import { startKeptStack } from './lib/kept-stack.ts';
import { insertBenchArticles } from './lib/news-data.ts';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A second API process from another checkout (`BENCH_NEWS_BEFORE_DIR`: an archive of the code
 * before a change, its `node_modules` linked) on the same database: each route is then measured
 * on it and on ours back to back, seconds apart, so a before/after pair shares the machine's load.
 */
async function startBeforeApi(dir: string, databaseUrl: string, env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ['packages/server/src/main.ts', '--role=api'], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const api = `http://127.0.0.1:${port}/api`;
  const deadline = Date.now() + 60_000;
  while (!(await answers(`${api}/health`)().catch(() => false))) {
    if (child.exitCode !== null || Date.now() > deadline)
      throw new Error('before API did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    api,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** `fixed-body-server.ts` sending `body` (the control row), in its own process. */
async function startFixedBodyServer(body: ArrayBuffer) {
  const dir = await mkdtemp(path.join(tmpdir(), 'bench-news-control-'));
  const file = path.join(dir, 'body.json');
  await writeFile(file, Buffer.from(body));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/fixed`;
  const server = await startProcess(
    ['bench/lib/fixed-body-server.ts', String(port), file],
    {},
    answers(url),
  );
  return {
    url,
    kb: (body.byteLength / 1024).toFixed(1),
    stop: async () => {
      await server.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * What every browser sends (Chrome, Firefox, Safari): the rows `…, browser` ask so, as the
 * market, portfolio and site suites do; the other rows ask without compression, as before.
 */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
const BROWSER = { 'accept-encoding': BROWSER_ENCODINGS };

/** `BENCH_NEWS_ARTICLES` sets a smaller load for a quick try of the benchmark itself. */
const ARTICLES = Number(process.env.BENCH_NEWS_ARTICLES ?? 1_000_000);

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Loads the benchmark's articles unless the (kept) database has them already. */
async function ensureArticles(db: Database): Promise<string[]> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from news where source = 'bench'`.execute(db);
  if ((rows[0]?.n ?? 0) === ARTICLES) {
    console.log(
      `\nbench/news: ${ARTICLES.toLocaleString('en-US')} articles kept from an earlier run`,
    );
    return (
      await db
        .selectFrom('securities')
        .select('exchange_ticker')
        .orderBy('exchange_ticker')
        .execute()
    ).map((row) => row.exchange_ticker);
  }
  if ((rows[0]?.n ?? 0) > 0) await sql`delete from news where source = 'bench'`.execute(db);
  const started = performance.now();
  const symbols = await insertBenchArticles(db, ARTICLES);
  await sql`vacuum analyze news`.execute(db);
  await sql`vacuum analyze news_tickers`.execute(db);
  console.log(
    `\nbench/news: ${ARTICLES.toLocaleString('en-US')} articles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return symbols;
}

/**
 * bench/news: one million articles (synthetic, built by SQL), then the latest_ai, bullish and
 * defcon feeds (20 items), the article by id (`/news/get`, `/news/query?id=`), a company's news,
 * full-text search, a signed-in user's portfolio news, the GIF of an article and the debug
 * linker report under autocannon against the indexed-SELECT reference of the same run, and
 * full-text search timed one call at a time. The routes a page makes are asked twice: without
 * compression and as a browser asks (rows `…, browser`).
 *
 * `BENCH_NEWS_DATA_DIR=<folder>` keeps the database in that folder across runs (loaded once);
 * `BENCH_NEWS_ONLY=<regex>` runs only the routes whose name matches (the reference always runs);
 * `BENCH_NEWS_NODE_ARGS` adds Node arguments to the API process (`--cpu-prof …`, kept data only).
 * The row `control: bare route, … KB` sends the cached latest_ai answer's bytes from
 * a bare Fastify process (nothing of ours): what those bytes alone cost in the same minutes.
 * `BENCH_NEWS_BEFORE_DIR=<checkout>` measures each route first on an API process of that
 * checkout (rows `[before]`), then on ours.
 */
export async function runNewsBench(options: { seconds: number }) {
  const { seconds } = options;
  const env = { RATE_LIMIT_SCALE: '10000' };
  const dataDir = process.env.BENCH_NEWS_DATA_DIR;
  const only = process.env.BENCH_NEWS_ONLY ? new RegExp(process.env.BENCH_NEWS_ONLY) : null;
  const wanted = (name: string) => only === null || only.test(name);
  const stack = dataDir
    ? await startKeptStack(
        'bench/news',
        dataDir,
        env,
        (process.env.BENCH_NEWS_NODE_ARGS ?? '').split(' ').filter(Boolean),
      )
    : await startBenchStack(env);
  // Each 100,000-article insert runs longer than the app's statement limits.
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  let stopBefore: (() => Promise<void>) | undefined;
  try {
    const symbols = await ensureArticles(db);

    const feeds = {
      latest_ai:
        'ai_summary__ne=NULL&related_exchange_tickers__not__size=0&order_by=-creation_date&limit=20',
      bullish: 'sentiment_score__gte=7&order_by=-creation_date&limit=20',
      bearish: 'sentiment_score__lte=-5&order_by=-creation_date&limit=20',
      defcon: 'AI__defcon_level__lte=2&order_by=-creation_date&limit=20',
      latest: 'order_by=-creation_date&limit=20',
    };
    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const rows = [reference];
    const beforeDir = process.env.BENCH_NEWS_BEFORE_DIR;
    const before = beforeDir ? await startBeforeApi(beforeDir, stack.databaseUrl, env) : null;
    stopBefore = before?.stop;
    const measureOne = async (
      name: string,
      url: string,
      loadOptions: Parameters<typeof load>[2] = {},
    ): Promise<void> => {
      if (!wanted(name)) return;
      const ours = () => load(name, url, { seconds, ...loadOptions });
      if (!before) {
        rows.push(await ours());
        return;
      }
      const theirs = () =>
        load(`${name} [before]`, before.api + url.slice(stack.api.length), {
          seconds,
          ...loadOptions,
        });
      // `BENCH_NEWS_OURS_FIRST=1` swaps the order, to see whether going second costs anything.
      if (process.env.BENCH_NEWS_OURS_FIRST === '1') rows.push(await ours(), await theirs());
      else rows.push(await theirs(), await ours());
    };
    /** A route as asked without compression and, for `browser`, also as a browser asks. */
    const measure = async (
      name: string,
      url: string,
      loadOptions: Parameters<typeof load>[2] = {},
      browser = false,
    ): Promise<void> => {
      await measureOne(name, url, loadOptions);
      if (!browser) return;
      await measureOne(`${name}, browser`, url, {
        ...loadOptions,
        headers: { ...loadOptions.headers, ...BROWSER },
      });
    };
    // The routes a page makes (feeds, the article, company news, search, my_portfolio,
    // recommendations) are asked both ways: rows named `…, browser` send a browser's
    // Accept-Encoding, so the answer goes compressed (about a fifth of its bytes).
    const pages = new Set(['latest_ai', 'bullish', 'latest']);
    // The control: the cached latest_ai answer's own bytes from a bare Fastify route in
    // another process, nothing of ours in between: what those bytes cost on this machine now.
    const controlName = 'control: bare route';
    if (wanted(controlName)) {
      const control = await startFixedBodyServer(
        await (await fetch(`${stack.api}/news/query?${feeds.latest_ai}`)).arrayBuffer(),
      );
      try {
        rows.push(await load(`${controlName}, ${control.kb} KB`, control.url, { seconds }));
      } finally {
        await control.stop();
      }
    }
    // As visitors ask (the feed cache answers repeats for 5 s), then with no_cache=1, which
    // runs the query on every call (what the 'latest' feed and a cache miss cost).
    for (const [name, query] of Object.entries(feeds)) {
      if (name === 'latest') continue;
      await measure(`feed ${name} (20)`, `${stack.api}/news/query?${query}`, {}, pages.has(name));
    }
    for (const [name, query] of Object.entries(feeds)) {
      await measure(
        `feed ${name} (20), no_cache`,
        `${stack.api}/news/query?${query}&no_cache=1`,
        {},
        pages.has(name),
      );
    }
    // The article page: one article by its id (a uuid, looked up through the primary key), as
    // every reader of a busy article asks it, then 10,000 different articles in turn (mostly
    // misses of the 5-second read cache: the query's own cost), and the same by the query language.
    const article = await db
      .selectFrom('news')
      .select('id')
      .where('guid', '=', `bench-${ARTICLES / 2}`)
      .executeTakeFirstOrThrow();
    const manyIds = (
      await db
        .selectFrom('news')
        .select('id')
        .where(
          sql<boolean>`guid = any(${Array.from({ length: 10_000 }, (_, i) => `bench-${1 + i * 97}`)}::text[])`,
        )
        .execute()
    ).map((row) => row.id);
    const apiPath = new URL(stack.api).pathname;
    await measure('article /news/get/{id}', `${stack.api}/news/get/${article.id}`, {}, true);
    await measure(
      'article /news/get, 10,000 ids',
      `${stack.api}/news/get/${article.id}`,
      { paths: manyIds.map((id) => `${apiPath}/news/get/${id}`) },
      true,
    );
    await measure('article /news/query?id=', `${stack.api}/news/query?id=${article.id}`);
    await measure(
      'article /news/query?id=, no_cache',
      `${stack.api}/news/query?id=${article.id}&no_cache=1`,
    );
    // A company's news (the company page): one listing, then every listing in turn.
    await measure('company news NASDAQ:AAPL', `${stack.api}/news/company/NASDAQ:AAPL`, {}, true);
    await measure(
      `company news, ${symbols.length} listings`,
      `${stack.api}/news/company/NASDAQ:AAPL`,
      { paths: symbols.map((symbol) => `${apiPath}/news/company/${symbol}`) },
      true,
    );
    // Full-text search under load: one common word, then 40 different questions in turn.
    await measure('search guidance', `${stack.api}/news/search/guidance`, {}, true);
    const questions = [
      'guidance',
      'bankruptcy protection',
      'cloud demand',
      'dividend',
      'buyback',
    ].flatMap((term) =>
      symbols.slice(0, 8).map((symbol) => `${symbol.split(':')[1] ?? ''} ${term}`),
    );
    await measure(
      `search, ${questions.length} questions`,
      `${stack.api}/news/search/guidance`,
      { paths: questions.map((q) => `${apiPath}/news/search/${encodeURIComponent(q)}`) },
      true,
    );
    // The portfolio feed (`/news/my_portfolio`): signed-in users, each watching 20 listings in
    // the default watchlist; one user, then 200 users with different lists in turn (`?key=`,
    // the session token as a query parameter, so each path is its own user).
    const prefix = `news-bench-${Date.now().toString(36)}-`;
    const watchers = await createBenchUsers(db, {
      prefix,
      count: 200,
      plan: () => 'tier1_monthly',
    });
    await sql`insert into watchlists (user_id, name, exchange_tickers)
      select u.id, 'default', (
        select array_agg(s.symbol order by s.n)
        from unnest(${symbols}::text[]) with ordinality as s(symbol, n)
        where (s.n + u.i * 7) % ${Math.floor(symbols.length / 20)} = 0
        limit 20)
      from unnest(${watchers.map((w) => w.id)}::uuid[]) with ordinality as u(id, i)`.execute(db);
    const [watcher] = watchers;
    if (!watcher) throw new Error('no bench user');
    await measure(
      'my_portfolio (20 listings)',
      `${stack.api}/news/my_portfolio`,
      { headers: { authorization: `Bearer ${watcher.token}` } },
      true,
    );
    await measure(
      `my_portfolio, ${watchers.length} users`,
      `${stack.api}/news/my_portfolio`,
      { paths: watchers.map((w) => `${apiPath}/news/my_portfolio?key=${w.token}`) },
      true,
    );
    // The article card's animation (`/news/gif`): no GIPHY key, so the bundled animations.
    await measure('gif stocks,earnings', `${stack.api}/news/gif?keywords=stocks,earnings`);
    const gifWords = ['stocks', 'earnings', 'merger', 'lawsuit', 'rally', 'crash', 'dividend'];
    await measure('gif, 49 keyword pairs', `${stack.api}/news/gif?keywords=stocks`, {
      paths: gifWords.flatMap((a) =>
        gifWords.map((b) => `${apiPath}/news/gif?keywords=${encodeURIComponent(`${a},${b}`)}`),
      ),
    });
    // The debug linker report (`/news/test/tickers/{id}`): an admin, one article then 10,000.
    const [admin] = await createBenchUsers(db, {
      prefix: `${prefix}admin-`,
      count: 1,
      plan: () => 'free',
      admin: true,
    });
    if (!admin) throw new Error('no bench admin');
    await measure('test/tickers/{id}', `${stack.api}/news/test/tickers/${article.id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    await measure('test/tickers, 10,000 ids', `${stack.api}/news/test/tickers/${article.id}`, {
      paths: manyIds.map((id) => `${apiPath}/news/test/tickers/${id}?key=${admin.token}`),
    });
    // Recommendations: the 14-day news aggregate, latest analyses and quotes, one query.
    await measure(
      'recommendations (20)',
      `${stack.api}/company/recommendations?limit=20`,
      {},
      true,
    );
    if (before) {
      stopBefore = undefined;
      await before.stop();
      rows.push(
        await load('reference: again, at the end', `${stack.reference}/select`, { seconds }),
      );
    }
    printTable(
      `bench/news (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, p99 ≤ 2× the reference's)`,
      rows,
      reference,
    );
    const slow = rows.filter(
      (row: LoadResult) =>
        row !== reference &&
        (row.rps < reference.rps / 2 || row.p99 > reference.p99 * 2 || row.errors > 0),
    );
    console.log(
      slow.length === 0
        ? 'every route meets the target'
        : `below target: ${slow.map((row) => row.name).join('; ')}`,
    );

    if (only === null) {
      const linker = createTickerLinker(await createNewsRepository(db).linkerCompanies());
      const story = (
        'Apple and Microsoft led gains while $NVDA slipped; NYSE:JPM and Exxon Mobil rose. ' +
        'Analysts at Goldman Sachs raised their price target on Amazon, citing cloud demand, ' +
        'while the Dow and the Nasdaq Composite closed higher on a quiet day of trading. '
      ).repeat(8);
      const linkStarted = performance.now();
      for (let i = 0; i < 2_000; i += 1) linker.link(`${story} ${i}`);
      const linkSeconds = (performance.now() - linkStarted) / 1000;
      console.log(
        `\nticker linking: ${Math.round(2_000 / linkSeconds).toLocaleString('en-US')} wire-length articles/s on one core (${symbols.length} listings)`,
      );
    }

    // `BENCH_NEWS_ONLY='^search'` runs these too. 'bankruptcy protection': two words always
    // together (one article in eight); 'dividend cloud': two common words never together;
    // 'AAPL guidance': a rare word and a common one (the search's two plans).
    if (!wanted('search, one client')) return;
    console.log(
      '\nfull-text search, one client, 100 calls each, none from the read cache (target p99 ≤ 50 ms):',
    );
    for (const term of [
      'guidance',
      'bankruptcy protection',
      'cloud demand',
      'dividend',
      'dividend cloud',
      'AAPL guidance',
    ]) {
      const { times } = await serialCalls({
        // A different page each call: every call misses the 5-second read cache.
        urls: Array.from(
          { length: 110 },
          (_, i) => `${stack.api}/news/search/${encodeURIComponent(term)}?skip=${i}`,
        ),
        warmup: 10,
      });
      console.log(
        `  '${term}': p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
  } finally {
    await stopBefore?.();
    await db.destroy();
    await stack.stop();
  }
}
