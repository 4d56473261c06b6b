import type { User } from '@app/shared/api/users';
import type { FastifyInstance } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { fixedClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { createJobQueue, type JobQueue } from '../src/jobs/queue.ts';
import { jobDefinitions } from '../src/jobs/registry.ts';
import { ensureDemoCompanies } from '../src/modules/companies/demo-companies.ts';
import { createServices, type Services } from '../src/modules/create-services.ts';
import { createTestDatabase, type TestDatabase } from './helpers/database.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { FAKE_BOT_USERNAME, startFakeTelegram } from './helpers/fake-telegram.ts';
import { waitFor } from './helpers/wait.ts';

const START = '2026-11-26T12:00:00Z';
const log = pino({ level: process.env.TEST_LOG ?? 'silent' });

type Harness = {
  app: FastifyInstance;
  services: Services;
  database: TestDatabase;
  jobs: JobQueue;
  clock: ReturnType<typeof fixedClock>;
  close: () => Promise<void>;
};

/** The real app and services on their own database, with the given environment. */
async function harness(env: Record<string, string>): Promise<Harness> {
  const database = await createTestDatabase();
  await ensureDemoCompanies(database.db);
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env });
  const clock = fixedClock(START);
  const jobs = await createJobQueue({
    url: database.url,
    log,
    worker: false,
    definitions: jobDefinitions,
  });
  const deps = { config, db: database.db, jobs, log, clock };
  const services = createServices(deps);
  const app = await buildApp({ ...deps, services });
  await app.ready();
  return {
    app,
    services,
    database,
    jobs,
    clock,
    close: async () => {
      await services.telegram.stopBot();
      await app.close();
      services.close();
      await jobs.stop(1_000);
      await database.drop();
    },
  };
}

const me = async (app: FastifyInstance, user: TestUser) =>
  (await app.inject({ url: '/api/user/get/me', headers: bearer(user.token) })).json<{
    current_user: User;
  }>().current_user;

describe('the Telegram bot against a local Bot API server', () => {
  let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
  let h: Harness;
  let alice: TestUser;
  let admin: TestUser;
  const ALICE_CHAT = 5551;

  /** Alice's chat says `text`; resolves with the bot's next answer to that chat. */
  async function say(chat: number, text: string): Promise<string> {
    const before = tg.sent().filter((m) => m.chat_id === String(chat)).length;
    tg.userSays(chat, text);
    await waitFor(() =>
      Promise.resolve(tg.sent().filter((m) => m.chat_id === String(chat)).length > before),
    );
    return tg.sent().filter((m) => m.chat_id === String(chat))[before]!.text;
  }

  async function linkCode(user: TestUser): Promise<string> {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: bearer(user.token),
    });
    expect(res.statusCode).toBe(200);
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(new RegExp(`^https://t\\.me/${FAKE_BOT_USERNAME}\\?start=[A-Za-z0-9_-]+$`));
    return new URL(url).searchParams.get('start')!;
  }

  beforeAll(async () => {
    tg = await startFakeTelegram();
    h = await harness({ TELEGRAM_BOT_TOKEN: '123456:TEST-TOKEN', TELEGRAM_API_ROOT: tg.url });
    alice = await registerUser(h.app);
    admin = await registerUser(h.app);
    await grant(h.database.db, admin.user.id, { is_admin: true });
    await h.services.telegram.startBot({ mode: 'polling', webhookUrl: '' });
  });

  afterAll(async () => {
    await h.close();
    await tg.close();
  });

  it('says the bot runs and names it (asked with getMe)', async () => {
    const res = await h.app.inject({ url: '/api/telegram/info' });
    expect(res.json()).toEqual({
      status: 'success',
      enabled: true,
      bot_username: FAKE_BOT_USERNAME,
      community_url: null,
      channel_url: null,
    });
    expect(tg.calls.every((call) => call.token === '123456:TEST-TOKEN')).toBe(true);
  });

  it('links a chat with the one-time deep link and confirms it', async () => {
    const code = await linkCode(alice);
    expect(await say(ALICE_CHAT, `/start ${code}`)).toMatch(/^Registered/);
    expect((await me(h.app, alice)).my_telegram_chat_id).toBe(String(ALICE_CHAT));
  });

  it('refuses a reused, an expired and a wrong code', async () => {
    const code = await linkCode(alice);
    expect(await say(ALICE_CHAT, `/start ${code}`)).toMatch(/^Registered/);
    expect(await say(6001, `/start ${code}`)).toMatch(/already used/);

    const late = await linkCode(alice);
    h.clock.set(new Date(Date.parse(START) + 16 * 60_000));
    expect(await say(6001, `/start ${late}`)).toMatch(/expired/);
    h.clock.set(START);

    expect(await say(6001, '/start not-a-real-code')).toMatch(/not valid/);
    expect(await say(6001, '/me')).toMatch(/not linked to a StockPulse account/);
    expect((await me(h.app, alice)).my_telegram_chat_id).toBe(String(ALICE_CHAT));
  });

  it('no longer lets the owner paste a chat id by hand', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/user/set/my_telegram_chat_id',
      headers: bearer(alice.token),
      payload: { value: '999' },
    });
    expect(res.statusCode).toBe(400);
    expect((await me(h.app, alice)).my_telegram_chat_id).toBe(String(ALICE_CHAT));
  });

  it('answers /me, /watchlist, /price and /news with real data', async () => {
    await h.services.watchlists.append(alice.user.id, 'default', 'NASDAQ:AAPL');
    await h.database.db
      .insertInto('news')
      .values({
        link: 'https://wire.example/apple-1',
        guid: 'apple-1',
        title: 'Apple ships a new chip',
        description: 'In short.',
        publisher: 'Wire',
        creation_date: new Date('2026-11-25T10:00:00Z'),
        related_exchange_tickers: ['NASDAQ:AAPL'],
        status: 'PROCESSED',
        source: 'test',
      })
      .execute();

    expect(await say(ALICE_CHAT, '/me')).toContain(`Account: ${alice.username}`);
    expect(await say(ALICE_CHAT, '/watchlist')).toMatch(
      /NASDAQ:AAPL \$[\d,]+\.\d\d \((?:[+-]\d|0\.00%)/,
    );
    expect(await say(ALICE_CHAT, '/price aapl')).toMatch(/^NASDAQ:AAPL \$[\d,]+\.\d\d \(/);
    expect(await say(ALICE_CHAT, '/price NOPE:XYZ')).toBe("Unknown symbol 'NOPE:XYZ'.");
    const news = await say(ALICE_CHAT, '/news NASDAQ:AAPL');
    expect(news).toContain('2026-11-25 Apple ships a new chip');
    expect(news).toContain('https://wire.example/apple-1');
    expect(await say(ALICE_CHAT, '/help')).toContain('/alerts on|off');
  });

  it('turns instant alerts on and off with /alerts', async () => {
    expect(await say(ALICE_CHAT, '/alerts on')).toBe('Instant alerts are now on.');
    expect((await me(h.app, alice)).my_instant_alerts).toBe(true);
    expect(await say(ALICE_CHAT, '/alerts off')).toBe('Instant alerts are now off.');
    expect((await me(h.app, alice)).my_instant_alerts).toBe(false);
    expect(await say(ALICE_CHAT, '/alerts maybe')).toMatch(/Use \/alerts on/);
  });

  it('sends to a linked user, says not-linked otherwise, and throws on a transient failure', async () => {
    expect(await h.services.telegram.sendToUser(alice.user.id, 'AAPL alert')).toBe('sent');
    expect(tg.sent().at(-1)).toEqual({ chat_id: String(ALICE_CHAT), text: 'AAPL alert' });
    expect(await h.services.telegram.sendToUser(admin.user.id, 'x')).toBe('not-linked');

    tg.failing.add(String(ALICE_CHAT));
    await expect(h.services.telegram.sendToUser(alice.user.id, 'retry me')).rejects.toThrow();
    tg.failing.clear();
    expect((await me(h.app, alice)).my_telegram_chat_id).toBe(String(ALICE_CHAT));
  });

  it('unlinks a chat that blocked the bot', async () => {
    const bob = await registerUser(h.app);
    tg.userSays(7002, `/start ${await linkCode(bob)}`);
    await waitFor(async () => (await me(h.app, bob)).my_telegram_chat_id === '7002');
    tg.blocked.add('7002');
    expect(await h.services.telegram.sendToUser(bob.user.id, 'x')).toBe('not-linked');
    expect((await me(h.app, bob)).my_telegram_chat_id).toBe('');
  });

  it('unlinks with /stop in the bot and with Unregister on the profile', async () => {
    expect(await say(ALICE_CHAT, '/stop')).toMatch(/^Unregistered/);
    expect((await me(h.app, alice)).my_telegram_chat_id).toBe('');
    expect(await say(ALICE_CHAT, '/stop')).toMatch(/was not linked/);

    expect(await say(ALICE_CHAT, `/start ${await linkCode(alice)}`)).toMatch(/^Registered/);
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/telegram/unregister',
      headers: bearer(alice.token),
    });
    expect(res.json()).toEqual({ status: 'success', my_telegram_chat_id: '' });
    expect((await me(h.app, alice)).my_telegram_chat_id).toBe('');
    expect(await h.services.telegram.sendToUser(alice.user.id, 'x')).toBe('not-linked');
  });

  describe('channels', () => {
    const api = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
      h.app.inject({
        method,
        url: `/api${url}`,
        headers: bearer(admin.token),
        ...(payload !== undefined && { payload: payload as object }),
      });

    it('adds channels, publishes by kind to the enabled ones and logs the posts', async () => {
      const pub = (
        await api('POST', '/channels/add', { chat_id: '-1001', title: 'StockPulse public' })
      ).json<{ channel: { id: string; kinds: string[] } }>().channel;
      expect(pub.kinds).toEqual(['alert', 'brief']);
      const briefs = (
        await api('POST', '/channels/add', {
          chat_id: '@stockpulse_briefs',
          title: 'Briefs only',
          kinds: ['brief'],
        })
      ).json<{ channel: { id: string } }>().channel;
      const off = (await api('POST', '/channels/add', { chat_id: '-1003', title: 'Paused' })).json<{
        channel: { id: string };
      }>().channel;
      expect(
        (await api('POST', `/channels/set/${off.id}`, { enabled: false })).json<{
          channel: { enabled: boolean };
        }>().channel.enabled,
      ).toBe(false);

      const before = tg.sent().length;
      await h.services.telegram.publish('alert', 'DEFCON 1: ACME halts trading');
      const sent = tg.sent().slice(before);
      expect(sent).toEqual([{ chat_id: '-1001', text: 'DEFCON 1: ACME halts trading' }]);

      const list = (await api('GET', '/channels/list')).json<{
        channels: { title: string; enabled: boolean }[];
        enabled: boolean;
      }>();
      expect(list.enabled).toBe(true);
      expect(list.channels.map((c) => [c.title, c.enabled])).toEqual([
        ['StockPulse public', true],
        ['Briefs only', true],
        ['Paused', false],
      ]);
      const postsRes = await api('GET', `/channels/posts?channel_id=${pub.id}`);
      expect(postsRes.statusCode, postsRes.body).toBe(200);
      const posts = postsRes.json<{
        posts: { kind: string; text: string; status: string }[];
      }>().posts;
      expect(posts[0]).toMatchObject({
        kind: 'alert',
        text: 'DEFCON 1: ACME halts trading',
        status: 'sent',
      });
      expect(briefs.id).toBeTruthy();
    });

    it('keeps posting to the others when one channel fails, and logs the failure', async () => {
      tg.failing.add('-1001');
      const before = tg.sent().length;
      await h.services.telegram.publish('brief', 'Brief of the day');
      tg.failing.clear();
      expect(
        tg
          .sent()
          .slice(before)
          .map((m) => m.chat_id),
      ).toEqual(['-1001', '@stockpulse_briefs']);
      const posts = (await api('GET', '/channels/posts')).json<{
        posts: { channel_title: string; status: string; error: string | null }[];
      }>().posts;
      expect(posts.slice(0, 2)).toEqual([
        expect.objectContaining({ channel_title: 'Briefs only', status: 'sent', error: null }),
        expect.objectContaining({
          channel_title: 'StockPulse public',
          status: 'failed',
          error: '500: Internal Server Error',
        }),
      ]);
    });

    it('posts the latest market brief once a day, and never the same brief twice', async () => {
      await h.database.db
        .insertInto('news')
        .values({
          link: 'http://localhost:3000/company/explore?brief=movers-2026-11-26',
          guid: 'market-brief:movers:2026-11-26',
          title: 'Chipmakers lead the market higher',
          description: 'Semiconductors rose 3%.',
          ai_summary: 'Semiconductors rose 3% as the index gained 1%.',
          publisher: 'Market Brief',
          creation_date: new Date('2026-11-26T11:00:00Z'),
          status: 'PROCESSED',
          source: 'market-brief',
        })
        .execute();
      const brief = await h.services.latestMarketBrief();
      expect(brief?.title).toBe('Chipmakers lead the market higher');
      const before = tg.sent().length;
      expect(await h.services.telegram.publishBrief(brief)).toBe('posted');
      expect(await h.services.telegram.publishBrief(brief)).toBe('already');
      const sent = tg.sent().slice(before);
      expect(sent).toHaveLength(2);
      expect(sent[0]!.text).toContain('Chipmakers lead the market higher');
      expect(sent[0]!.text).toContain('Semiconductors rose 3% as the index gained 1%.');
      expect(sent[0]!.text).toContain('company/explore?brief=movers-2026-11-26');
    });

    it('sends a test post, and refuses bad input with clear errors', async () => {
      const [first] = (await api('GET', '/channels/list')).json<{ channels: { id: string }[] }>()
        .channels;
      const ok = await api('POST', `/channels/test/${first!.id}`);
      expect(ok.json()).toEqual({ status: 'success', message: 'Test post sent.' });
      expect(tg.sent().at(-1)?.text).toMatch(/^StockPulse test post to StockPulse public/);

      tg.blocked.add('-1001');
      const refused = await api('POST', `/channels/test/${first!.id}`);
      tg.blocked.clear();
      expect(refused.statusCode).toBe(400);
      expect(refused.json<{ error_msg: string }>().error_msg).toMatch(/Telegram refused the post/);

      const duplicate = await api('POST', '/channels/add', { chat_id: '-1001', title: 'Again' });
      expect(duplicate.statusCode).toBe(409);
      const bad = await api('POST', '/channels/add', { chat_id: 'nope', title: 'Bad' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<{ error_msg: string }>().error_msg).toMatch(/chat_id/);
      const missing = await api('POST', '/channels/set/00000000-0000-4000-8000-000000000000', {
        enabled: true,
      });
      expect(missing.statusCode).toBe(404);
      const removed = await api('POST', `/channels/remove/${first!.id}`);
      expect(removed.statusCode).toBe(200);
    });
  });
});

describe('the Telegram webhook', () => {
  let tg: Awaited<ReturnType<typeof startFakeTelegram>>;
  let h: Harness;
  const SECRET = 'a-secret-token-of-24-chars';

  beforeAll(async () => {
    tg = await startFakeTelegram();
    h = await harness({
      TELEGRAM_BOT_TOKEN: '123456:TEST-TOKEN',
      TELEGRAM_API_ROOT: tg.url,
      TELEGRAM_BOT_USERNAME: 'ConfiguredBot',
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_SECRET: SECRET,
      TELEGRAM_COMMUNITY_URL: 'https://t.me/stockpulse_chat',
      TELEGRAM_CHANNEL_URL: 'https://t.me/stockpulse_news',
    });
  });

  afterAll(async () => {
    await h.close();
    await tg.close();
  });

  it('registers the webhook with its secret and answers updates only with the secret header', async () => {
    await h.services.telegram.startBot({
      mode: 'webhook',
      webhookUrl: 'https://stockpulse.example/api/telegram/webhook',
      secret: SECRET,
    });
    expect(tg.calls.find((c) => c.method === 'setWebhook')?.body).toMatchObject({
      url: 'https://stockpulse.example/api/telegram/webhook',
      secret_token: SECRET,
    });
    const update = tg.textUpdate(8001, '/help');
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': 'wrong-secret-token-000000' },
      payload: update,
    });
    expect(wrong.statusCode).toBe(401);
    expect(tg.sent()).toHaveLength(0);
    const right = await h.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      headers: { 'x-telegram-bot-api-secret-token': SECRET },
      payload: update,
    });
    expect(right.json()).toEqual({ ok: true });
    expect(tg.sent()[0]).toMatchObject({ chat_id: '8001' });
    expect(tg.sent()[0]!.text).toContain('StockPulse bot commands');
  });

  it('refuses a malformed update with 400 once the secret is right, and sends nothing', async () => {
    const post = (payload: unknown, secret = SECRET) =>
      h.app.inject({
        method: 'POST',
        url: '/api/telegram/webhook',
        headers: { 'x-telegram-bot-api-secret-token': secret },
        payload: payload as Record<string, unknown>,
      });
    const good = tg.textUpdate(8002, '/help') as { update_id: number; message: object };
    const sentBefore = tg.sent().length;
    const malformed = [
      { ...good, update_id: 1e300 },
      { ...good, update_id: -1 },
      { ...good, message: { ...good.message, chat: { id: 'abc', type: 'private' } } },
      { ...good, message: { ...good.message, date: 1e300 } },
      { ...good, message: { ...good.message, text: 'x'.repeat(5_000) } },
      {
        ...good,
        message: { ...good.message, entities: [{ type: 'bot_command', offset: -1, length: 5 }] },
      },
      { ...good, message: 'not an object' },
    ];
    for (const payload of malformed) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json<{ error_msg: string }>().error_msg).toBeTruthy();
    }
    // Without the secret the caller is refused before the update is read.
    expect((await post(malformed[0], 'wrong-secret-token-000000')).statusCode).toBe(401);
    expect(tg.sent()).toHaveLength(sentBefore);
    // An update kind the bot does not read passes through untouched.
    const poll = await post({ update_id: 9_000_001, poll: { id: 'p1', question: 'Up?' } });
    expect(poll.json()).toEqual({ ok: true });
  });

  it('names the configured bot and the menus links', async () => {
    const res = await h.app.inject({ url: '/api/telegram/info' });
    expect(res.json()).toEqual({
      status: 'success',
      enabled: true,
      bot_username: 'ConfiguredBot',
      community_url: 'https://t.me/stockpulse_chat',
      channel_url: 'https://t.me/stockpulse_news',
    });
  });
});

describe('without a bot token', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await harness({});
  });
  afterAll(async () => {
    await h.close();
  });

  it('says the bot is off, refuses Register and sends nothing', async () => {
    const user = await registerUser(h.app);
    expect((await h.app.inject({ url: '/api/telegram/info' })).json()).toMatchObject({
      enabled: false,
      bot_username: null,
    });
    const link = await h.app.inject({
      method: 'POST',
      url: '/api/telegram/link',
      headers: bearer(user.token),
    });
    expect(link.statusCode).toBe(409);
    expect(link.json()).toEqual({
      status: 'error',
      error_msg: 'The Telegram bot is not set up on this server.',
    });
    expect(await h.services.telegram.sendToUser(user.user.id, 'x')).toBe('disabled');
    await expect(h.services.telegram.publish('alert', 'x')).resolves.toBeUndefined();
    const hook = await h.app.inject({
      method: 'POST',
      url: '/api/telegram/webhook',
      payload: { update_id: 1 },
    });
    expect(hook.statusCode).toBe(404);
  });
});
