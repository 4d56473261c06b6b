import { sql } from 'kysely';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { createNewsRepository } from '../packages/server/src/modules/news/news.repository.ts';
import { createTickerLinker } from '../packages/server/src/modules/news/ticker-linker.ts';
import { load, printTable, startBenchStack } from './lib/harness.ts';
import { insertBenchArticles } from './lib/news-data.ts';

const ARTICLES = 1_000_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * bench/news: one million articles (synthetic, built by SQL), then the latest_ai, bullish and
 * defcon feeds (20 items), the article by id (`/news/get`, `/news/query?id=`), a company's news
 * and full-text search under autocannon against the indexed-SELECT reference of the same run,
 * and full-text search timed one call at a time.
 */
export async function runNewsBench(options: { seconds: number }) {
  const { seconds } = options;
  const stack = await startBenchStack({ RATE_LIMIT_SCALE: '10000' });
  // Each 100,000-article insert runs longer than the app's statement limits.
  const db = createDatabase({
    url: stack.databaseUrl,
    maxConnections: 2,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    const started = performance.now();
    const symbols = await insertBenchArticles(db, ARTICLES);
    await sql`vacuum analyze news`.execute(db);
    await sql`vacuum analyze news_tickers`.execute(db);
    console.log(
      `\nbench/news: ${ARTICLES.toLocaleString('en-US')} articles loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );

    const feeds = {
      latest_ai:
        'ai_summary__ne=NULL&related_exchange_tickers__not__size=0&order_by=-creation_date&limit=20',
      bullish: 'sentiment_score__gte=7&order_by=-creation_date&limit=20',
      defcon: 'AI__defcon_level__lte=2&order_by=-creation_date&limit=20',
    };
    const reference = await load('reference: indexed SELECT', `${stack.reference}/select`, {
      seconds,
    });
    const rows = [reference];
    // As visitors ask (the feed cache answers repeats for 5 s), then with no_cache=1, which
    // runs the query on every call (what the 'latest' feed and a cache miss cost).
    for (const [name, query] of Object.entries(feeds)) {
      rows.push(await load(`feed ${name} (20)`, `${stack.api}/news/query?${query}`, { seconds }));
    }
    for (const [name, query] of Object.entries(feeds)) {
      rows.push(
        await load(`feed ${name} (20), no_cache`, `${stack.api}/news/query?${query}&no_cache=1`, {
          seconds,
        }),
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
    rows.push(
      await load('article /news/get/{id}', `${stack.api}/news/get/${article.id}`, { seconds }),
    );
    rows.push(
      await load('article /news/get, 10,000 ids', `${stack.api}/news/get/${article.id}`, {
        seconds,
        paths: manyIds.map((id) => `${apiPath}/news/get/${id}`),
      }),
    );
    rows.push(
      await load('article /news/query?id=', `${stack.api}/news/query?id=${article.id}`, {
        seconds,
      }),
    );
    rows.push(
      await load(
        'article /news/query?id=, no_cache',
        `${stack.api}/news/query?id=${article.id}&no_cache=1`,
        { seconds },
      ),
    );
    // A company's news (the company page): one listing, then every listing in turn.
    rows.push(
      await load('company news NASDAQ:AAPL', `${stack.api}/news/company/NASDAQ:AAPL`, { seconds }),
    );
    rows.push(
      await load(
        `company news, ${symbols.length} listings`,
        `${stack.api}/news/company/NASDAQ:AAPL`,
        {
          seconds,
          paths: symbols.map((symbol) => `${apiPath}/news/company/${symbol}`),
        },
      ),
    );
    // Full-text search under load: one common word, then 40 different questions in turn.
    rows.push(await load('search guidance', `${stack.api}/news/search/guidance`, { seconds }));
    const questions = [
      'guidance',
      'bankruptcy protection',
      'cloud demand',
      'dividend',
      'buyback',
    ].flatMap((term) =>
      symbols.slice(0, 8).map((symbol) => `${symbol.split(':')[1] ?? ''} ${term}`),
    );
    rows.push(
      await load(`search, ${questions.length} questions`, `${stack.api}/news/search/guidance`, {
        seconds,
        paths: questions.map((q) => `${apiPath}/news/search/${encodeURIComponent(q)}`),
      }),
    );
    // Recommendations (issue 12): the 14-day news aggregate, latest analyses and quotes, one query.
    rows.push(
      await load('recommendations (20)', `${stack.api}/company/recommendations?limit=20`, {
        seconds,
      }),
    );
    printTable(
      `bench/news (${seconds} s per route, 32 connections; ratio to the indexed SELECT; target ≥ 0.5×, p99 ≤ 25 ms)`,
      rows,
      reference,
    );

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

    console.log(
      '\nfull-text search, one client, 100 calls each, none from the read cache (target p99 ≤ 50 ms):',
    );
    for (const term of ['guidance', 'bankruptcy protection', 'cloud demand', 'dividend']) {
      const times: number[] = [];
      for (let i = 0; i < 110; i += 1) {
        const start = performance.now();
        const response = await fetch(
          // A different page each call: every call misses the 5-second read cache.
          `${stack.api}/news/search/${encodeURIComponent(term)}?skip=${i}`,
        );
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`search ${term}: HTTP ${response.status}`);
        if (i >= 10) times.push(performance.now() - start);
      }
      console.log(
        `  '${term}': p50 ${percentile(times, 50).toFixed(1)} ms, p99 ${percentile(times, 99).toFixed(1)} ms`,
      );
    }
  } finally {
    await db.destroy();
    await stack.stop();
  }
}
