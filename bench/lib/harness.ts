import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
// The load generator counts response bodies instead of decoding them (see the module).
import './autocannon-bodies.ts';
import { timeSerialCalls, type SerialCalls, type SerialTimes } from './serial-calls.ts';
import { freePort, startEmbeddedPostgres } from '../../packages/server/src/db/embedded.ts';

export { freePort };

export const ROOT = path.resolve(import.meta.dirname, '../..');

/** A throwaway embedded PostgreSQL for one benchmark run. */
export async function startBenchDatabase() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-bench-'));
  const server = await startEmbeddedPostgres({
    dir,
    port: 0,
    log: () => undefined,
    ephemeral: true,
  });
  return {
    url: server.url,
    stop: async () => {
      await server.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the web app when its build is missing or older than its sources, as `npm start` does
 * (`scripts/ensure-build.mjs`): the suites that load pages measured an empty shell on a fresh
 * clone (0 KB of JavaScript "within budget", no page heading for the Web Vitals run).
 */
export function ensureWebBuild() {
  const result = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('the web app did not build');
}

/** Starts a Node process and resolves once `ready(url)` answers true. */
export async function startProcess(
  args: string[],
  env: Record<string, string>,
  ready: () => Promise<boolean>,
): Promise<{ stop: () => Promise<void>; child: ChildProcess }> {
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  while (!(await ready().catch(() => false))) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited during start-up`);
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start in 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const answers = (url: string) => async () => (await fetch(url)).ok;

export type LoadResult = { name: string; url: string; rps: number; p99: number; errors: number };

/** Runs autocannon against one URL: a short warm-up, then the measured run. */
export async function load(
  name: string,
  url: string,
  options: {
    seconds?: number;
    connections?: number;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
    /** Paths (on the URL's origin) the connections cycle through instead of the URL's own. */
    paths?: readonly string[];
  } = {},
): Promise<LoadResult> {
  const connections = options.connections ?? 32;
  const request = {
    url,
    connections,
    method: options.method ?? 'GET',
    ...(options.headers && { headers: options.headers }),
    ...(options.body !== undefined && { body: options.body }),
    ...(options.paths && { requests: options.paths.map((path) => ({ path })) }),
  };
  const duration = options.seconds ?? 10;
  if (process.env.BENCH_LOAD_PROCESS !== '0') {
    return { name, url, ...(await loadInProcessOfItsOwn({ ...request, duration, warmup: 2 })) };
  }
  await autocannon({ ...request, duration: 2 });
  const result = await autocannon({ ...request, duration });
  const errors = result.errors + result.timeouts + result.non2xx;
  return { name, url, rps: result.requests.average, p99: result.latency.p99, errors };
}

/**
 * `load`'s run in a child process (`lib/load-process.ts`: why), the default;
 * `BENCH_LOAD_PROCESS=0` runs autocannon in the benchmark's process (to compare).
 */
function loadInProcessOfItsOwn(
  request: Record<string, unknown>,
): Promise<{ rps: number; p99: number; errors: number }> {
  return inChildProcess('bench/lib/load-process.ts', request);
}

/**
 * One client's calls to `urls`, one after another, the first `warmup` untimed: each call's
 * milliseconds and the last answer's size. They run in a process of their own
 * (`lib/serial-process.ts`: why), or here with `BENCH_LOAD_PROCESS=0`.
 */
export function serialCalls(calls: SerialCalls): Promise<SerialTimes> {
  if (process.env.BENCH_LOAD_PROCESS === '0') return timeSerialCalls(calls);
  return inChildProcess('bench/lib/serial-process.ts', calls);
}

/** Runs `script` with `input` as JSON on stdin; its last line of output, parsed. */
async function inChildProcess<T>(script: string, input: unknown): Promise<T> {
  const child = spawn(process.execPath, [script], {
    cwd: ROOT,
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  child.stdin.end(JSON.stringify(input));
  let out = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    out += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as T;
}

export function printTable(title: string, rows: LoadResult[], reference: LoadResult) {
  console.log(`\n${title}`);
  console.log(
    'route'.padEnd(34) +
      'req/s'.padStart(10) +
      'p99 ms'.padStart(9) +
      'ratio'.padStart(8) +
      'errors'.padStart(8),
  );
  for (const row of rows) {
    const ratio = (row.rps / reference.rps).toFixed(2);
    console.log(
      row.name.padEnd(34) +
        Math.round(row.rps).toString().padStart(10) +
        row.p99.toFixed(1).padStart(9) +
        ratio.padStart(8) +
        String(row.errors).padStart(8),
    );
  }
}

export type BenchStack = {
  /** Base URL of the reference server (`/bare`, `/select`). */
  reference: string;
  /** Base URL of our API process (`/api/...`). */
  api: string;
  /** The database both use. */
  databaseUrl: string;
  stop: () => Promise<void>;
};

/**
 * One embedded PostgreSQL, the reference server and our server (API role) on it, each in its own
 * process, so a benchmark measures both sides in the same run.
 */
export async function startBenchStack(env: Record<string, string> = {}): Promise<BenchStack> {
  return startStackOn(await startBenchDatabase(), env);
}

/**
 * The reference server and our API process on a started database (`stop` stops the database
 * too); `nodeArgs` go before the server's entry (e.g. `--cpu-prof`).
 */
export async function startStackOn(
  database: { url: string; stop: () => Promise<void> },
  env: Record<string, string> = {},
  nodeArgs: readonly string[] = [],
): Promise<BenchStack> {
  const referencePort = await freePort();
  const appPort = await freePort();
  const reference = await startProcess(
    ['bench/lib/reference-server.ts', String(referencePort), database.url],
    {},
    answers(`http://127.0.0.1:${referencePort}/bare`),
  );
  const app = await startProcess(
    [...nodeArgs, 'packages/server/src/main.ts', '--role=api'],
    {
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'warn',
      ...env,
    },
    answers(`http://127.0.0.1:${appPort}/api/health`),
  );
  return {
    reference: `http://127.0.0.1:${referencePort}`,
    api: `http://127.0.0.1:${appPort}/api`,
    databaseUrl: database.url,
    stop: async () => {
      await app.stop();
      await reference.stop();
      await database.stop();
    },
  };
}
