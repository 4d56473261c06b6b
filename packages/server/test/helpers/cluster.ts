import { freePort } from '../../src/db/embedded.ts';
import { startNginx, SERVED_BY_HEADER, UPSTREAM_HEADER, type Nginx } from './nginx.ts';
import { spawnTs, type Spawned } from './processes.ts';

export type ApiProcess = Spawned & { port: number; address: string };

export type Cluster = {
  apis: ApiProcess[];
  workers: Spawned[];
  nginx: Nginx;
  /** One request through the proxy; `upstream` pins it to one API process. */
  request: (path: string, options?: ProxyRequest) => Promise<ProxyAnswer>;
  /** Every process's output and the proxy's error log, for a failing test's message. */
  logs: () => Promise<string>;
  stop: () => Promise<void>;
};

export type ProxyRequest = {
  method?: 'GET' | 'POST';
  token?: string;
  body?: unknown;
  upstream?: number;
  signal?: AbortSignal;
};

export type ProxyAnswer = {
  status: number;
  body: Record<string, unknown>;
  /** `127.0.0.1:<port>` of the API process(es) nginx tried. */
  servedBy: string;
};

const running = new Set<Spawned>();
// A test runner that dies without its hooks must not leave servers behind.
process.once('exit', () => {
  for (const spawned of running) spawned.child.kill('SIGKILL');
});

async function stopProcess(spawned: Spawned) {
  if (spawned.child.exitCode === null && spawned.child.signalCode === null) {
    spawned.child.kill('SIGTERM');
    const timer = setTimeout(() => spawned.child.kill('SIGKILL'), 5_000);
    await spawned.exited;
    clearTimeout(timer);
  }
  running.delete(spawned);
}

/**
 * `apis` API processes (`--role=api`) and `workers` workers (`--role=worker`) of the real server
 * entry point on one database, started together, behind Debian's nginx.
 */
export async function startCluster(options: {
  databaseUrl: string;
  apis: number;
  workers: number;
  env?: Record<string, string>;
}): Promise<Cluster> {
  const env = {
    DATABASE_URL: options.databaseUrl,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    TRUST_PROXY: 'true',
    ADMIN_PASSWORD: 'scale-out-admin',
    PAYMENTS_OFFLINE_SECRET: 'scale-out-offline-secret',
    // Stopping waits this long for the start's market and news jobs, not the default 10 s.
    SHUTDOWN_TIMEOUT_MS: '2000',
    ...options.env,
  };
  const started: Spawned[] = [];
  const spawn = (role: string, port: number) => {
    const spawned = spawnTs('src/main.ts', [`--role=${role}`], { ...env, PORT: String(port) });
    started.push(spawned);
    running.add(spawned);
    return spawned;
  };
  let nginx: Nginx | undefined;
  const stop = async () => {
    await nginx?.stop();
    await Promise.all(started.map(stopProcess));
  };
  try {
    const apiPorts = await Promise.all(Array.from({ length: options.apis }, () => freePort()));
    const apis = apiPorts.map((port) => ({
      ...spawn('api', port),
      port,
      address: `127.0.0.1:${port}`,
    }));
    const workers: Spawned[] = [];
    for (let i = 0; i < options.workers; i += 1) workers.push(spawn('worker', await freePort()));
    await Promise.all([
      ...apis.map((api) => api.waitForLine(/StockPulse is ready/, 90_000)),
      ...workers.map((worker) => worker.waitForLine(/StockPulse worker is ready/, 90_000)),
    ]);
    nginx = await startNginx(apiPorts);
    const proxy = nginx;
    const request = async (path: string, req: ProxyRequest = {}): Promise<ProxyAnswer> => {
      const headers: Record<string, string> = {};
      if (req.token) headers.authorization = `Bearer ${req.token}`;
      if (req.upstream !== undefined) headers[UPSTREAM_HEADER] = String(req.upstream);
      if (req.body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${proxy.url}${path}`, {
        method: req.method ?? (req.body === undefined ? 'GET' : 'POST'),
        headers,
        ...(req.body !== undefined && { body: JSON.stringify(req.body) }),
        ...(req.signal && { signal: req.signal }),
      });
      const text = await res.text();
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text) as Record<string, unknown>;
      } catch {
        body = { text };
      }
      return { status: res.status, body, servedBy: res.headers.get(SERVED_BY_HEADER) ?? '' };
    };
    const logs = async () =>
      [
        ...apis.map((api, i) => `--- api ${i} (${api.address})\n${api.output().slice(-4_000)}`),
        ...workers.map((w, i) => `--- worker ${i}\n${w.output().slice(-4_000)}`),
        `--- nginx\n${await proxy.errorLog()}`,
      ].join('\n');
    return { apis, workers, nginx: proxy, request, logs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
