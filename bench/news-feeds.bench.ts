import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { pino } from 'pino';
import { fixedClock } from '../packages/server/src/clock.ts';
import { createDatabase } from '../packages/server/src/db/database.ts';
import { migrateToLatest } from '../packages/server/src/db/migrate.ts';
import { createNewsSourcesRepository } from '../packages/server/src/modules/news-sources/news-sources.repository.ts';
import { createNewsSourcesService } from '../packages/server/src/modules/news-sources/news-sources.service.ts';
import { createLinkerCache } from '../packages/server/src/modules/news/linker-cache.ts';
import { createNewsIngestService } from '../packages/server/src/modules/news/news-ingest.service.ts';
import { createNewsRepository } from '../packages/server/src/modules/news/news.repository.ts';
import { createFeedFetcher } from '../packages/server/src/providers/news/feed-fetcher.ts';
import { startBenchDatabase } from './lib/harness.ts';

/** 200 feeds on 20 hosts (local servers on their own ports), 10 feeds each. */
const HOSTS = 20;
const FEEDS_PER_HOST = 10;
/** Simulated time polled: the poll job runs once a simulated minute. */
const MINUTES = 30;
/** Each feed publishes on average one item every 15 minutes (Poisson), and lists its newest 20. */
const MEAN_GAP_MS = 15 * 60_000;
const LISTED = 20;
const T0 = Date.parse('2026-11-23T14:00:00Z');

type Item = { guid: string; at: number; title: string; body: string };

/** A seeded random source (mulberry32): the same feeds every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function feedItems(feed: number): Item[] {
  const next = random(feed + 1);
  const items: Item[] = [];
  // The back catalogue: 20 items in the day before T0; then items through the simulated window.
  for (let i = 0; i < LISTED; i++) {
    items.push(item(feed, items.length, T0 - Math.floor(next() * 86_400_000)));
  }
  for (let at = T0 - Math.log(1 - next()) * MEAN_GAP_MS; at < T0 + MINUTES * 60_000;) {
    items.push(item(feed, items.length, Math.floor(at)));
    at += -Math.log(1 - next()) * MEAN_GAP_MS;
  }
  return items.sort((a, b) => a.at - b.at);
}

const WORDS = `revenue margin guidance dividend buyback merger lawsuit rating upgrade downgrade
  outlook shipments orders backlog pricing demand supply factory contract tender bond notes loan
  capital expansion layoffs hiring chief officer board quarter annual forecast analysts shares
  stake acquisition spinoff listing exchange regulator approval recall probe settlement patent
  product launch platform cloud chips energy freight retail banking insurance mining drilling`.split(
  /\s+/,
);

/** Distinct text per item, as real stories are (the story clustering compares them). */
function item(feed: number, n: number, at: number): Item {
  const next = random(feed * 10_007 + n);
  const words = (count: number) =>
    Array.from({ length: count }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  return {
    guid: `feed-${String(feed)}-item-${String(n)}`,
    at,
    title: `Company ${String(feed)}: ${words(8)}`,
    body: `${words(60)}.`,
  };
}

function rss(feed: number, items: readonly Item[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Feed ${String(feed)}</title>
${items
  .map(
    (
      i,
    ) => `<item><title>${i.title}</title><link>https://feeds.example/${i.guid}</link><guid>${i.guid}</guid>
<description>${i.body}</description><pubDate>${new Date(i.at).toUTCString()}</pubDate></item>`,
  )
  .join('\n')}
</channel></rss>`;
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/**
 * 200 feeds served by local servers, polled by one worker's `news.poll-feeds` (the
 * real sources service, fetcher and ingest on embedded PostgreSQL) once a simulated minute for
 * 30 simulated minutes on the injectable clock; the fetcher's per-host waits advance the same
 * clock. Figures: p50/p99/max delay from an item's appearance to its storing, the share of
 * conditional requests and of 304s, and the bytes the conditional requests and gzip saved.
 */
export async function runNewsFeedsBench() {
  const started = performance.now();
  const clock = fixedClock(new Date(T0));
  const advanceTo = (ms: number) => {
    if (ms > clock.now().getTime()) clock.set(new Date(ms));
  };
  const feeds = Array.from({ length: HOSTS * FEEDS_PER_HOST }, (_, feed) => feedItems(feed));
  const stats = { requests: 0, conditional: 0, notModified: 0, wire: 0, full: 0, saved304: 0 };
  const servers: Server[] = [];
  const urls: string[] = [];
  for (let host = 0; host < HOSTS; host++) {
    const server = createServer((req, res) => {
      const feed = Number(/\/feed\/(\d+)\.xml$/.exec(req.url ?? '')?.[1]);
      const now = clock.now().getTime();
      const visible = (feeds[feed] ?? []).filter((i) => i.at <= now).slice(-LISTED);
      const etag = `"${visible.at(-1)?.guid ?? 'none'}"`;
      const lastModified = new Date(visible.at(-1)?.at ?? T0).toUTCString();
      const body = Buffer.from(rss(feed, visible));
      stats.requests += 1;
      stats.full += body.length;
      const conditional = req.headers['if-none-match'] ?? req.headers['if-modified-since'];
      if (conditional) stats.conditional += 1;
      if (req.headers['if-none-match'] === etag) {
        stats.notModified += 1;
        stats.saved304 += body.length;
        res.writeHead(304, { etag });
        return res.end();
      }
      const gzip = /gzip/.test(req.headers['accept-encoding'] ?? '');
      const sent = gzip ? gzipSync(body) : body;
      stats.wire += sent.length;
      res.writeHead(200, {
        'content-type': 'application/rss+xml; charset=utf-8',
        etag,
        'last-modified': lastModified,
        ...(gzip && { 'content-encoding': 'gzip' }),
      });
      res.end(sent);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    servers.push(server);
    const port = (server.address() as AddressInfo).port;
    for (let i = 0; i < FEEDS_PER_HOST; i++) {
      urls.push(`http://127.0.0.1:${String(port)}/feed/${String(host * FEEDS_PER_HOST + i)}.xml`);
    }
  }

  const pg = await startBenchDatabase();
  const db = createDatabase({ url: pg.url });
  await migrateToLatest(db);
  const log = pino({ level: 'silent' });
  const sourcesRepository = createNewsSourcesRepository(db);
  await sourcesRepository.insertMissing(
    urls.map((url) => ({ url, name: `rss:${url}`, title: '', origin: 'env' as const })),
    clock.now(),
  );
  const newsRepository = createNewsRepository(db);
  const sources = createNewsSourcesService({
    repository: sourcesRepository,
    fetcher: createFeedFetcher({
      timeoutMs: 10_000,
      monotonicNow: () => clock.now().getTime(),
      sleep: (ms) => {
        advanceTo(clock.now().getTime() + ms);
        return Promise.resolve();
      },
    }),
    clock,
    seeds: [],
    allowPrivateAddresses: true,
    log,
  });
  const ingest = createNewsIngestService({
    repository: newsRepository,
    linkers: createLinkerCache(newsRepository),
    sources: [],
    feeds: sources,
    log,
    now: () => clock.now(),
  });

  const storedAt = new Map<string, number>();
  const runMs: number[] = [];
  for (let minute = 0; minute <= MINUTES; minute++) {
    advanceTo(T0 + minute * 60_000);
    const before = performance.now();
    await ingest.ingest({ feedsOnly: true });
    runMs.push(performance.now() - before);
    const rows = await db.selectFrom('news').select('guid').execute();
    for (const row of rows)
      if (!storedAt.has(row.guid)) storedAt.set(row.guid, clock.now().getTime());
  }
  const end = T0 + MINUTES * 60_000;
  // Items that appeared during the window, seen by a poll that could still come (not the last 5 min).
  const delays: number[] = [];
  let missing = 0;
  for (const items of feeds) {
    for (const i of items) {
      if (i.at < T0 || i.at > end - 5 * 60_000) continue;
      const at = storedAt.get(i.guid);
      if (at === undefined) missing += 1;
      else delays.push((at - i.at) / 1000);
    }
  }
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
  console.log(
    `\nnews-feeds: ${String(urls.length)} feeds on ${String(HOSTS)} hosts, polled once a minute for ${String(MINUTES)} simulated minutes (interval 300 s)`,
  );
  console.log(
    `  items appeared in the window: ${String(delays.length + missing)}, stored: ${String(delays.length)}, not yet: ${String(missing)}`,
  );
  console.log(
    `  delay appearance → stored: p50 ${percentile(delays, 50).toFixed(0)} s, p99 ${percentile(delays, 99).toFixed(0)} s, max ${Math.max(...delays).toFixed(0)} s`,
  );
  console.log(
    `  requests: ${String(stats.requests)}, conditional ${String(stats.conditional)} (${((100 * stats.conditional) / stats.requests).toFixed(1)} %), 304 ${String(stats.notModified)} (${((100 * stats.notModified) / stats.requests).toFixed(1)} %)`,
  );
  console.log(
    `  bytes: ${kb(stats.wire)} sent, against ${kb(stats.full)} if every request were answered in full and uncompressed (${(100 * (1 - stats.wire / stats.full)).toFixed(1)} % saved; 304s alone saved ${kb(stats.saved304)})`,
  );
  console.log(
    `  poll runs: p50 ${percentile(runMs, 50).toFixed(0)} ms, max ${Math.max(...runMs).toFixed(0)} ms of wall time; whole benchmark ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await db.destroy();
  await pg.stop();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
}
