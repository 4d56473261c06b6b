import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAlive, startEmbeddedPostgres } from '../src/db/embedded.ts';
import { spawnTs } from './helpers/processes.ts';

const log = () => undefined;

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<Record<string, unknown>>(text)).rows;
  } finally {
    await client.end();
  }
}

const postmasterPid = async (dir: string) =>
  Number((await fs.readFile(path.join(dir, 'pgdata', 'postmaster.pid'), 'utf8')).split('\n')[0]);

describe('the embedded PostgreSQL', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-embedded-'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));

  it('keeps its data across restarts', async () => {
    const first = await startEmbeddedPostgres({ dir, port: 0, log });
    await query(first.url, "create table kept (v text); insert into kept values ('still here')");
    await first.stop();
    expect(existsSync(path.join(dir, 'pgdata', 'postmaster.pid'))).toBe(false);

    const second = await startEmbeddedPostgres({ dir, port: 0, log });
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await second.stop();
  });

  it('recovers from a postmaster.pid whose process is gone', async () => {
    await fs.writeFile(
      path.join(dir, 'pgdata', 'postmaster.pid'),
      `999999\n${path.join(dir, 'pgdata')}\n0\n5432\n\n\n`,
    );
    const server = await startEmbeddedPostgres({ dir, port: 0, log });
    expect(await query(server.url, 'select 1 as one')).toEqual([{ one: 1 }]);
    await server.stop();
  });

  it('stops the server left running by a killed process and starts its own', async () => {
    const holder = spawnTs('test/fixtures/hold-embedded-postgres.ts', [dir]);
    await holder.waitForLine(/^READY /);
    const orphan = await postmasterPid(dir);
    holder.child.kill('SIGKILL');
    await holder.exited;
    expect(isAlive(orphan)).toBe(true); // the database outlived its parent

    const server = await startEmbeddedPostgres({ dir, port: 0, log });
    expect(isAlive(orphan)).toBe(false);
    expect(await postmasterPid(dir)).not.toBe(orphan);
    expect(await query(server.url, 'select v from kept')).toEqual([{ v: 'still here' }]);
    await server.stop();
  });

  it('attaches to the server a live sibling process started (API and worker run apart)', async () => {
    const holder = spawnTs('test/fixtures/hold-embedded-postgres.ts', [dir]);
    const url = (await holder.waitForLine(/^READY /)).slice('READY '.length);
    const attached = await startEmbeddedPostgres({ dir, port: 0, log });
    expect(attached.owned).toBe(false);
    expect(attached.url).toBe(url);
    await attached.stop(); // does not stop the sibling's server
    expect(await query(url, 'select 1 as one')).toEqual([{ one: 1 }]);
    holder.child.kill('SIGTERM');
    expect(await holder.exited).toBe(0);
  });
});
