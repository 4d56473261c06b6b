import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { parseMail, startSmtpServer, type ReceivedMail } from './helpers/smtp.ts';

/** The decoded text/plain part of a multipart mail. */
function textPart(mail: ReceivedMail | undefined): string {
  const part = (mail?.raw ?? '')
    .split(/\r?\n--[^\r\n]+\r?\n/)
    .find((chunk) => /^Content-Type: text\/plain/im.test(chunk));
  return part ? parseMail(part.trimStart(), '', []).text : '';
}

const NOW = new Date('2026-11-24T15:00:00Z'); // a Tuesday
const WATCHED = 'NASDAQ:AAPL';
const HELD = 'NASDAQ:MSFT';
const OTHER = 'NYSE:JPM';

describe('alerts and digests', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let services: Services;
  let enqueued: string[];
  const clock = fixedClock(NOW);
  let watcher: TestUser;
  let holder: TestUser;
  let bystander: TestUser;
  let basic: TestUser;
  let seq = 0;

  async function setPlan(user: TestUser, plan: string) {
    await t.database.db
      .updateTable('users')
      .set({ subscription: plan, subscription_status: 'active' })
      .where('id', '=', user.user.id)
      .execute();
  }

  async function article(symbols: string[], defcon: number, options: { story?: string } = {}) {
    seq += 1;
    const row = await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/alert-${String(seq)}`,
        guid: `alert-${String(seq)}`,
        title: `Wire headline ${String(seq)}`,
        creation_date: new Date(NOW.getTime() - 2 * 3_600_000),
        sentiment_score: [-6],
        related_exchange_tickers: symbols,
        status: 'PROCESSED',
        no_bullshit: `Plain words about story ${String(seq)}.`,
        AI: JSON.stringify({
          title: `AI title ${String(seq)}`,
          sentiment: 'bearish',
          defcon_level: defcon,
        }),
        source: 'test',
        updated_at: clock.now(),
        ...(options.story && { story_id: options.story }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * A validated user on `plan` with `flags` on, who follows OTHER only on a second watchlist
   * ('banks') and holds NASDAQ:NVDA only in a second portfolio ('retirement').
   */
  async function userBeyondDefaults(
    plan: string,
    flags: { my_instant_alerts?: boolean; my_email_summary?: boolean },
  ) {
    const user = await registerUser(t.app);
    await grant(t.database.db, user.user.id, { is_email_validated: true });
    await t.database.db.updateTable('users').set(flags).where('id', '=', user.user.id).execute();
    await setPlan(user, plan);
    const listed = await t.app.inject({
      url: `/api/ticker/user/watchlist/append/banks/${OTHER}`,
      headers: bearer(user.token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/create',
      headers: bearer(user.token),
      payload: { name: 'retirement' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bought = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/transactions/create',
      headers: bearer(user.token),
      payload: {
        portfolio: 'retirement',
        type: 'buy',
        symbol: 'NASDAQ:NVDA',
        date: '2026-11-02',
        quantity: 3,
        price: 100,
      },
    });
    expect(bought.statusCode, bought.body).toBe(200);
    return user;
  }

  const deliveries = () =>
    t.database.db
      .selectFrom('deliveries')
      .selectAll()
      .orderBy('created_at')
      .orderBy('key')
      .execute();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://stockpulse.test' };
    t = await buildTestApp({ env, demoCompanies: true, clock });
    const deps = jobDeps(t.database.db, env, { clock });
    services = deps.services;
    enqueued = deps.enqueued;
    watcher = await registerUser(t.app);
    holder = await registerUser(t.app);
    bystander = await registerUser(t.app);
    basic = await registerUser(t.app);
    for (const user of [watcher, holder, bystander, basic]) {
      await grant(t.database.db, user.user.id, { is_email_validated: true });
      await t.database.db
        .updateTable('users')
        .set({ my_instant_alerts: true })
        .where('id', '=', user.user.id)
        .execute();
    }
    await setPlan(watcher, 'tier3_monthly');
    await setPlan(holder, 'tier3_monthly');
    await setPlan(bystander, 'tier3_monthly');
    await setPlan(basic, 'tier2_monthly');
    await t.database.db
      .updateTable('users')
      .set({ my_telegram_chat_id: '4242' })
      .where('id', '=', watcher.user.id)
      .execute();
    for (const user of [watcher, basic]) {
      const res = await t.app.inject({
        url: `/api/ticker/user/watchlist/append/default/${WATCHED}`,
        headers: bearer(user.token),
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/portfolio/transactions/create',
      headers: bearer(holder.token),
      payload: { type: 'buy', symbol: HELD, date: '2026-11-02', quantity: 10, price: 100 },
    });
    expect(res.statusCode, res.body).toBe(200);
    await t.app.inject({
      url: `/api/ticker/user/watchlist/append/default/${OTHER}`,
      headers: bearer(bystander.token),
    });
  }, 60_000);

  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  beforeEach(async () => {
    await t.database.db.deleteFrom('deliveries').execute();
    // Earlier tests' stories count as analysed before this one.
    await t.database.db
      .updateTable('news')
      .set({ updated_at: new Date(NOW.getTime() - 86_400_000) })
      .execute();
    smtp.mails.length = 0;
  });

  it('alerts the holders and watchers of a defcon-2 story, entitled by plan, once per story', async () => {
    const watchedStory = await article([WATCHED], 2);
    const heldStory = await article([HELD], 1);
    await article([WATCHED], 4); // noise: no alert
    const result = await services.alerts.fanOut(NOW);
    expect(result.articles).toBe(2);
    expect(enqueued).toContain('alerts.send');

    const rows = await deliveries();
    const summary = rows.map((r) => `${r.user_id ?? r.address ?? ''}|${r.channel}|${r.key}`).sort();
    expect(summary).toEqual(
      [
        `${watcher.user.id}|email|${watchedStory}`,
        `${watcher.user.id}|telegram|${watchedStory}`,
        `${holder.user.id}|email|${heldStory}`,
      ].sort(),
    );
    // Basic (tier2) lacks instant alerts; the bystander watches another company.
    expect(rows.some((r) => r.user_id === basic.user.id || r.user_id === bystander.user.id)).toBe(
      false,
    );

    // Re-enrichment (a second fan-out over the same stories) writes nothing new.
    await services.alerts.fanOut(NOW);
    expect(await deliveries()).toHaveLength(3);

    // Two workers at once: every row is sent exactly once.
    const [a, b] = await Promise.all([services.alerts.sendDue(), services.alerts.sendDue()]);
    expect(a.sent + b.sent + a.skipped + b.skipped).toBe(3);
    expect(smtp.mails).toHaveLength(2);
    const mail = smtp.mails.find((m) => m.to.includes(watcher.email));
    expect(mail?.subject).toContain('AI title');
    const text = textPart(mail);
    expect(text).toContain('Plain words about story');
    expect(text).toContain('Sentiment: bearish');
    expect(text).toContain(`${WATCHED} `);
    expect(text).toContain(`https://stockpulse.test/news/view?id=${watchedStory}`);
    expect(mail?.raw).toContain('text/html');
    expect(mail?.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // Telegram is not configured in tests: the row is skipped honestly, the mail still went.
    const after = await deliveries();
    const telegram = after.find((r) => r.channel === 'telegram');
    expect(telegram?.status).toBe('skipped');
    expect(after.filter((r) => r.channel === 'email').every((r) => r.status === 'sent')).toBe(true);
    await Promise.all([services.alerts.sendDue(), services.alerts.sendDue()]);
    expect(smtp.mails).toHaveLength(2);
  });

  it('adds a browser push row for a recipient with a browser that takes notifications', async () => {
    await t.database.db
      .insertInto('push_subscriptions')
      .values({
        user_id: holder.user.id,
        endpoint: `https://push.example.com/send/holder-${String(seq)}`,
        p256dh: `B${'A'.repeat(86)}`,
        auth: 'A'.repeat(22),
        user_agent: null,
        created_at: NOW,
      })
      .execute();
    try {
      const heldStory = await article([HELD], 2);
      const watchedStory = await article([WATCHED], 2);
      await services.alerts.fanOut(NOW);
      const rows = await deliveries();
      const summary = rows.map((r) => `${r.user_id ?? ''}|${r.channel}|${r.key}`).sort();
      expect(summary).toEqual(
        [
          `${holder.user.id}|email|${heldStory}`,
          `${holder.user.id}|push|${heldStory}`,
          `${watcher.user.id}|email|${watchedStory}`,
          `${watcher.user.id}|telegram|${watchedStory}`,
        ].sort(),
      );
    } finally {
      await t.database.db
        .deleteFrom('push_subscriptions')
        .where('user_id', '=', holder.user.id)
        .execute();
    }
  });

  it('matches every watchlist and every portfolio of the user, not only the default ones', async () => {
    // A company only on a second watchlist, another only in a second portfolio.
    const collector = await userBeyondDefaults('tier3_monthly', { my_instant_alerts: true });
    expect(await services.watchlists.symbolsOf(collector.user.id)).toEqual([]);
    expect(await services.portfolio.heldSymbols(collector.user.id)).toEqual([]);

    const bankStory = await article([OTHER], 2);
    const chipStory = await article(['NASDAQ:NVDA'], 2);
    await article(['NASDAQ:AMZN'], 2); // neither watched nor held by the collector
    await services.alerts.fanOut(NOW);
    const rows = (await deliveries()).filter((r) => r.user_id === collector.user.id);
    expect(rows.map((r) => `${r.channel}|${r.key}`).sort()).toEqual(
      [`email|${bankStory}`, `email|${chipStory}`].sort(),
    );
    await t.database.db.deleteFrom('users').where('id', '=', collector.user.id).execute();
  });

  it('uses the story id of syndicated copies: one alert per story', async () => {
    const first = await article([WATCHED], 2);
    await article([WATCHED], 2, { story: first });
    await services.alerts.fanOut(NOW);
    const rows = (await deliveries()).filter((r) => r.user_id === watcher.user.id);
    expect(rows.filter((r) => r.channel === 'email')).toHaveLength(1);
  });

  it('holds alerts during quiet hours and skips those over the hourly cap', async () => {
    // 15:00 UTC is 16:00 in Oslo: quiet from 15 to 18 local.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/settings',
      headers: bearer(holder.token),
      payload: { time_zone: 'Europe/Oslo', quiet_start: 15, quiet_end: 18, hourly_cap: 1 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await article([HELD], 2);
    await article([HELD], 2);
    await services.alerts.fanOut(NOW);
    const held = (await deliveries()).filter((r) => r.user_id === holder.user.id);
    expect(held).toHaveLength(2);
    expect(held.every((r) => r.due_at.toISOString() === '2026-11-24T17:00:00.000Z')).toBe(true);
    await services.alerts.sendDue();
    expect(smtp.mails.filter((m) => m.to.includes(holder.email))).toHaveLength(0);

    clock.set('2026-11-24T17:00:00Z');
    try {
      await services.alerts.sendDue();
    } finally {
      clock.set(NOW);
    }
    expect(smtp.mails.filter((m) => m.to.includes(holder.email))).toHaveLength(1);
    const statuses = (await deliveries())
      .filter((r) => r.user_id === holder.user.id)
      .map((r) => `${r.status}:${r.last_error ?? ''}`)
      .sort();
    expect(statuses).toEqual(['sent:', 'skipped:over the hourly cap of 1 alerts']);
    await t.app.inject({
      method: 'POST',
      url: '/api/alerts/settings',
      headers: bearer(holder.token),
      payload: { time_zone: 'UTC', quiet_start: null, quiet_end: null, hourly_cap: 10 },
    });
  });

  it('validates the settings and shows what the plan includes', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/settings',
      headers: bearer(basic.token),
      payload: { time_zone: 'Mars/Olympus' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ error_msg: string }>().error_msg).toMatch(/time zone/);
    const cap = await t.app.inject({
      method: 'POST',
      url: '/api/alerts/settings',
      headers: bearer(basic.token),
      payload: { hourly_cap: 0 },
    });
    expect(cap.statusCode).toBe(400);
    const res = await t.app.inject({ url: '/api/alerts/settings', headers: bearer(basic.token) });
    expect(res.json()).toMatchObject({
      status: 'success',
      settings: { time_zone: 'UTC', hourly_cap: 10, quiet_start: null },
      entitlements: { plan: 'tier2_monthly', instant: false, daily: false, weekly: true },
    });
  });

  it("writes the weekly digest from the period's news with the saved prompt, and unsubscribes in one click", async () => {
    const recent = await article([WATCHED], 3);
    const old = await t.database.db
      .insertInto('news')
      .values({
        link: 'https://wire.example/old',
        guid: 'old',
        title: 'Old story',
        creation_date: new Date(NOW.getTime() - 20 * 86_400_000),
        related_exchange_tickers: [WATCHED],
        status: 'PROCESSED',
        source: 'test',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('users')
      .set({ my_email_summary: true })
      .where('id', '=', basic.user.id)
      .execute();
    await t.database.db
      .insertInto('prompts')
      .values({
        user_id: basic.user.id,
        prompt: 'Focus on risks to my holdings',
        type: 'email_prompt',
        subtype: 'EMAIL_SUMMARY',
        selection: ['EMAIL'],
        status: 'PROCESSED',
        creation_date: new Date(NOW.getTime() - 86_400_000),
        queued_at: new Date(NOW.getTime() - 86_400_000),
      } as never)
      .execute();

    const { written } = await services.alerts.writeDigests();
    expect(written).toBe(1);
    expect((await services.alerts.writeDigests()).written).toBe(0);
    await services.alerts.sendDue();
    const mail = smtp.mails.find((m) => m.to.includes(basic.email));
    expect(mail?.subject).toBe('Your weekly summary for 2026-11-23');
    const text = textPart(mail);
    expect(text).toContain('Written for your summary prompt: "Focus on risks to my holdings"');
    expect(text).toContain(`https://stockpulse.test/news/view?id=${recent}`);
    expect(text).not.toContain(old.id);
    const user = await t.database.db
      .selectFrom('users')
      .select('last_email_at')
      .where('id', '=', basic.user.id)
      .executeTakeFirstOrThrow();
    expect(user.last_email_at?.toISOString()).toBe(NOW.toISOString());
    const me = await t.app.inject({ url: '/api/user/get/me', headers: bearer(basic.token) });
    expect(me.body).toContain(`"last_email_date":${String(Math.floor(NOW.getTime() / 1000))}`);

    // One-click unsubscribe: GET shows a page, POST turns the weekly summary off.
    const link = /List-Unsubscribe: <([^>]+)>/.exec(mail?.raw.replace(/\r?\n\s+/g, ' ') ?? '')?.[1];
    expect(link).toBeDefined();
    const url = new URL(link ?? '');
    const page = await t.app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('weekly e-mail summaries');
    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    const flags = await t.database.db
      .selectFrom('users')
      .select(['my_email_summary', 'my_instant_alerts'])
      .where('id', '=', basic.user.id)
      .executeTakeFirstOrThrow();
    expect(flags).toEqual({ my_email_summary: false, my_instant_alerts: true });
    const invalid = await t.app.inject({ url: '/api/alerts/unsubscribe?token=nope' });
    expect(invalid.statusCode).toBe(400);
  });

  it('cites the news of every watchlist and portfolio in the digest, not only the default ones', async () => {
    const reader = await userBeyondDefaults('tier2_monthly', { my_email_summary: true });
    const bankStory = await article([OTHER], 4);
    const chipStory = await article(['NASDAQ:NVDA'], 4);
    const elsewhere = await article(['NASDAQ:AMZN'], 4);

    await services.alerts.writeDigests();
    await services.alerts.sendDue();
    const text = textPart(smtp.mails.find((m) => m.to.includes(reader.email)));
    expect(text).toContain(`https://stockpulse.test/news/view?id=${bankStory}`);
    expect(text).toContain(`https://stockpulse.test/news/view?id=${chipStory}`);
    expect(text).not.toContain(elsewhere);
    await t.database.db.deleteFrom('users').where('id', '=', reader.user.id).execute();
  });

  it('retries a refused mail with backoff and lets admins see deliveries and failures', async () => {
    const env = { SMTP_URL: 'smtp://127.0.0.1:9', PUBLIC_URL: 'https://stockpulse.test' };
    const broken = jobDeps(t.database.db, env, { clock }).services;
    await article([HELD], 2);
    await broken.alerts.fanOut(NOW);
    const counts = await broken.alerts.sendDue();
    expect(counts.retry).toBe(1);
    const [row] = await deliveries();
    expect(row?.status).toBe('pending');
    expect(row?.attempts).toBe(1);
    expect(row?.due_at.toISOString()).toBe('2026-11-24T15:00:30.000Z');

    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const res = await t.app.inject({
      url: '/api/alerts/admin/deliveries?status=pending',
      headers: bearer(admin.token),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ deliveries: { last_error: string }[]; counts: { pending: number } }>();
    expect(body.counts.pending).toBe(1);
    expect(body.deliveries[0]?.last_error).toMatch(/refused/);
    const forbidden = await t.app.inject({
      url: '/api/alerts/admin/deliveries',
      headers: bearer(basic.token),
    });
    expect(forbidden.statusCode).toBe(403);
    broken.close();
  });

  it("sends the week's recap to confirmed newsletter subscribers once, with the list's unsubscribe link", async () => {
    await t.database.db
      .insertInto('blog_posts')
      .values({
        slug: 'week-2026-11-16',
        title: 'Stocks rose in the week of 16 November',
        excerpt: 'Stocks rose.',
        body: 'Stocks rose on strong earnings.',
        citations: [],
        week_start: '2026-11-16',
        week_end: '2026-11-22',
        published_at: new Date('2026-11-23T06:00:00Z'),
      })
      .execute();
    await t.database.db
      .insertInto('newsletter_subscribers')
      .values([
        { email: 'reader@example.com', status: 'confirmed', created_at: NOW, confirmed_at: NOW },
        { email: 'pending@example.com', status: 'pending', created_at: NOW },
      ])
      .execute();
    expect((await services.alerts.writeInsights()).written).toBe(1);
    expect((await services.alerts.writeInsights()).written).toBe(0);
    await services.alerts.sendDue();
    expect(smtp.mails.map((m) => m.to[0])).toEqual(['reader@example.com']);
    const [mail] = smtp.mails;
    expect(mail?.subject).toContain('Stocks rose in the week of 16 November');
    expect(mail?.text).toContain('Stocks rose on strong earnings.');
    expect(mail?.text).toContain('https://stockpulse.test/api/unsubscribe?token=');
    expect(mail?.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  });

  it('never marks a refused insights mail sent: a 4xx is retried with backoff, a 5xx fails with the reason', async () => {
    await t.database.db
      .insertInto('blog_posts')
      .values({
        slug: 'week-2026-11-09',
        title: 'Stocks fell in the week of 9 November',
        excerpt: 'Stocks fell.',
        body: 'Stocks fell on rate worries.',
        citations: [],
        week_start: '2026-11-09',
        week_end: '2026-11-15',
        published_at: new Date('2026-11-24T06:00:00Z'),
      })
      .execute();
    await t.database.db
      .insertInto('newsletter_subscribers')
      .values({
        email: 'refused@example.com',
        status: 'confirmed',
        created_at: NOW,
        confirmed_at: NOW,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const insights = async () =>
      (await deliveries()).filter(
        (r) => r.kind === 'insights' && r.address === 'refused@example.com',
      );
    try {
      smtp.refuse({ code: 451, message: '4.3.0 Mailbox temporarily unavailable' });
      await services.alerts.writeInsights();
      const first = await services.alerts.sendDue();
      expect(first.sent).toBe(0);
      let [row] = await insights();
      expect(row?.status).toBe('pending');
      expect(row?.attempts).toBe(1);
      expect(row?.sent_at).toBeNull();
      expect(row?.last_error).toMatch(/refused the mail.*451/);
      expect(row?.due_at.getTime()).toBeGreaterThan(NOW.getTime());

      // Due again after the backoff; now the server refuses for good.
      smtp.refuse({ code: 550, message: '5.1.1 No such user here' });
      await t.database.db
        .updateTable('deliveries')
        .set({ due_at: NOW })
        .where('id', '=', row?.id ?? '')
        .execute();
      const second = await services.alerts.sendDue();
      expect(second).toMatchObject({ sent: 0, failed: 1 });
      [row] = await insights();
      expect(row?.status).toBe('failed');
      expect(row?.attempts).toBe(2);
      expect(row?.sent_at).toBeNull();
      expect(row?.last_error).toMatch(/refused the mail.*550.*No such user/);
      expect(smtp.mails.filter((m) => m.to.includes('refused@example.com'))).toHaveLength(0);
    } finally {
      smtp.refuse(null);
    }
  });
});
