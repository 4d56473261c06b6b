import http from 'node:http';
import fs from 'node:fs/promises';
import pg from 'pg';
import { answers, freePort, startBenchDatabase, startProcess } from './lib/harness.ts';

/** Streams held at once by one API process. */
const CLIENTS = 1_000;
/** Notifications sent, one every INTERVAL_MS, each delivered to every stream. */
const EVENTS = 40;
const INTERVAL_MS = 100;
const CHANNEL = 'stockpulse_live';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** Resident memory of a process (kB → bytes), from /proc. */
async function rssOf(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${String(pid)}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

/** One SSE stream over a plain socket; `latencies` gets now − the event's sent time. */
function openStream(
  port: number,
  address: string,
  latencies: number[],
): Promise<{ close: () => void }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/live?topics=news',
        agent: false,
        // A distinct client address each, as behind the proxy (TRUST_PROXY): the per-client cap.
        headers: { 'x-forwarded-for': address, accept: 'text/event-stream' },
      },
      (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${String(response.statusCode)}`));
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        let ready = false;
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let end = buffer.indexOf('\n\n');
          while (end !== -1) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            end = buffer.indexOf('\n\n');
            if (block.includes('event: ready') && !ready) {
              ready = true;
              resolve({ close: () => request.destroy() });
            } else if (block.includes('event: news')) {
              const data = /data: (.*)/.exec(block)?.[1];
              if (data) latencies.push(Date.now() - (JSON.parse(data) as { sent: number }).sent);
            }
          }
        });
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/**
 * 1,000 concurrent SSE streams (`/api/live?topics=news`) held by one API process — its
 * resident memory per stream (RSS with the streams open minus RSS with one) — and the latency of
 * events from `pg_notify` (sent by another connection, as a worker would) to each stream, p50/p99/
 * max over every delivery. The clients run in the benchmark's own process.
 */
export async function runLiveBench(_options: { seconds: number }) {
  const database = await startBenchDatabase();
  const port = await freePort();
  const app = await startProcess(
    ['packages/server/src/main.ts', '--role=api'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: 'true',
    },
    answers(`http://127.0.0.1:${String(port)}/api/health`),
  );
  const pid = app.child.pid ?? 0;
  const notifier = new pg.Client({ connectionString: database.url });
  await notifier.connect();
  const streams: { close: () => void }[] = [];
  try {
    const latencies: number[] = [];
    // One stream first: the listener connection and the route are warm before the baseline.
    streams.push(await openStream(port, '10.0.0.1', []));
    await sleep(500);
    global.gc?.();
    const before = await rssOf(pid);
    const opened = performance.now();
    for (let i = 1; i < CLIENTS; i += 50) {
      const batch = [];
      for (let j = i; j < Math.min(CLIENTS, i + 50); j += 1) {
        batch.push(
          openStream(
            port,
            `10.${String(j >> 16)}.${String((j >> 8) & 255)}.${String(j & 255)}`,
            latencies,
          ),
        );
      }
      streams.push(...(await Promise.all(batch)));
    }
    const openMs = performance.now() - opened;
    await sleep(1_000);
    const after = await rssOf(pid);

    for (let n = 0; n < EVENTS; n += 1) {
      const payload = JSON.stringify({
        i: `bench-${String(n)}`,
        e: 'news',
        p: [['news', { stage: 'ingested', ids: [`b${String(n)}`], sent: Date.now() }]],
      });
      await notifier.query('select pg_notify($1, $2)', [CHANNEL, payload]);
      await sleep(INTERVAL_MS);
    }
    const expected = EVENTS * (CLIENTS - 1);
    const deadline = Date.now() + 30_000;
    while (latencies.length < expected && Date.now() < deadline) await sleep(100);
    const sorted = [...latencies].sort((a, b) => a - b);
    const perClient = (after - before) / (CLIENTS - 1);

    console.log('\nlive: one API process holding SSE streams of /api/live?topics=news');
    console.log(
      `streams held                ${String(streams.length)} (opened in ${(openMs / 1000).toFixed(1)} s)`,
    );
    console.log(`API RSS with 1 stream       ${(before / 2 ** 20).toFixed(1)} MiB`);
    console.log(`API RSS with ${String(CLIENTS)} streams  ${(after / 2 ** 20).toFixed(1)} MiB`);
    console.log(`memory per stream           ${(perClient / 1024).toFixed(1)} KiB`);
    console.log(
      `events                      ${String(EVENTS)} NOTIFYs × ${String(CLIENTS - 1)} streams: ${String(latencies.length)} of ${String(expected)} delivered`,
    );
    console.log(
      `NOTIFY → client latency     p50 ${String(percentile(sorted, 50))} ms, p99 ${String(percentile(sorted, 99))} ms, max ${String(sorted.at(-1) ?? 0)} ms`,
    );
    return { perClient, p99: percentile(sorted, 99), delivered: latencies.length, expected };
  } finally {
    for (const stream of streams) stream.close();
    await notifier.end();
    await app.stop();
    await database.stop();
  }
}
