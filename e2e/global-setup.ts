import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../packages/server/src/db/embedded.ts';
import { startMailCapture } from './mail-capture.ts';
import { startFakeTelegram } from '../packages/server/test/helpers/fake-telegram.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * Business time of the server under test: it starts at this instant and runs on (CLOCK_START),
 * so what the demo shows is the same whatever day the suite runs. A Wednesday, mid-session.
 */
export const E2E_CLOCK_START = '2026-11-25T15:30:00Z';

/** The administrator the server creates on its first start. */
export const E2E_ADMIN = {
  username: 'admin',
  email: 'admin@e2e.example',
  password: 'e2e-admin-secret',
};

/**
 * Starts the real server (production build of the web app, embedded PostgreSQL in a fresh
 * folder) on a free port; tests read its address from E2E_BASE_URL.
 */
export default async function globalSetup() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'stockpulse-e2e-'));
  const mailDir = path.join(dataDir, 'mail');
  await fs.mkdir(mailDir);
  const smtp = await startMailCapture(mailDir);
  // A local Bot API server: the bot runs (long polling) and tests play the Telegram user.
  const telegram = await startFakeTelegram();
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const startedAt = Date.now();
  const server = spawn(process.execPath, ['packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      SMTP_URL: smtp.url,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // Every test registers from 127.0.0.1; the limits themselves are tested in the server suite.
      RATE_LIMIT_SCALE: '100',
      CLOCK_START: E2E_CLOCK_START,
      // news-sources.spec.ts serves the feed an admin adds from this machine (127.0.0.1).
      NEWS_FEEDS_PRIVATE_ADDRESSES: 'true',
      TELEGRAM_BOT_TOKEN: '123456:E2E-TOKEN',
      TELEGRAM_API_ROOT: telegram.url,
      TELEGRAM_COMMUNITY_URL: 'https://t.me/stockpulse_chat',
      TELEGRAM_CHANNEL_URL: 'https://t.me/stockpulse_news',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => server.on('exit', resolve));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error('the server exited during start-up');
    const healthy = await fetch(`${baseUrl}/api/health`)
      .then((res) => res.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error('the server did not become healthy in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The specs read the demo's analysed news (the AI feed's first card): healthy is not enough,
  // the worker seeds and enriches them in its first minute or two on a loaded machine.
  const newsDeadline = Date.now() + 240_000;
  const analysed = `${baseUrl}/api/news/query?ai_summary__ne=NULL&related_exchange_tickers__not__size=0&limit=1&no_cache=1`;
  const running = () => server.exitCode === null; // a call: read anew on every round
  for (;;) {
    if (!running()) throw new Error('the server exited during start-up');
    const count = await fetch(analysed)
      .then(async (res) => (res.ok ? ((await res.json()) as { news: unknown[] }).news.length : 0))
      .catch(() => 0);
    if (count > 0) break;
    if (Date.now() > newsDeadline) throw new Error('the demo news was not analysed in 240 s');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_TELEGRAM_URL = telegram.url;
  // The server's business time minus the machine's, for pages whose clock must agree with it.
  process.env.E2E_CLOCK_OFFSET_MS = String(Date.parse(E2E_CLOCK_START) - startedAt);

  return async () => {
    server.kill('SIGTERM');
    await exited;
    await smtp.close();
    await telegram.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
