import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { answers, ensureWebBuild, freePort, startProcess } from './lib/harness.ts';

/** Time from spawning the server to a healthy /api/health, with and without an initialised data folder. */
export async function runStartupBench() {
  ensureWebBuild();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-startup-'));
  const port = await freePort();
  const env = { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  const timeStart = async () => {
    const startedAt = performance.now();
    const server = await startProcess(
      ['packages/server/src/main.ts'],
      env,
      answers(`http://127.0.0.1:${port}/api/health`),
    );
    const ms = performance.now() - startedAt;
    await server.stop();
    return ms;
  };
  try {
    const cold = await timeStart();
    const warm = [await timeStart(), await timeStart(), await timeStart()];
    console.log('\nbench/startup (spawn → healthy /api/health; the web app already built)');
    console.log(`cold start, new data folder (initdb + migrations): ${Math.round(cold)} ms`);
    console.log(`warm restart (median of 3): ${Math.round(warm.sort((a, b) => a - b)[1] ?? 0)} ms`);
  } finally {
    // The embedded PostgreSQL may still be writing its last WAL for a moment after the server
    // exited (ENOTEMPTY once): retried.
    await fs.rm(dataDir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  }
}
