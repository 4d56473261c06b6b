import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { fixedClock } from '../src/clock.ts';
import { createServices } from '../src/modules/create-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';
import { startSmtpServer } from './helpers/smtp.ts';

const ORIGIN = 'https://stockpulse.example';

describe('newsletter sign-up: double opt-in and one-click unsubscribe over real SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  const clock = fixedClock('2026-11-25T12:00:00Z');
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      env: { SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN, RATE_LIMIT_SCALE: '100' },
      clock,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const subscribe = (email: unknown, ip = '10.0.0.1') =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscription/subscribe/email',
      payload: { email },
      remoteAddress: ip,
    });
  const confirm = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/subscription/confirm', payload: { token } });
  const statusOf = async (email: string) =>
    (
      await t.database.db
        .selectFrom('newsletter_subscribers')
        .select('status')
        .where('email', '=', email)
        .executeTakeFirst()
    )?.status;
  const mailsTo = (to: string) => smtp.mails.filter((mail) => mail.to.includes(to));
  /** The mail's header block with folded lines joined. */
  const headersOf = (raw = '') => (raw.split(/\r?\n\r?\n/)[0] ?? '').replace(/\r?\n[ \t]+/g, ' ');
  const confirmToken = (to: string) => {
    const text = mailsTo(to).at(-1)?.text ?? '';
    return /\/newsletter\/confirm\?token=([0-9a-f]{64})/.exec(text)?.[1] ?? '';
  };

  it.each([
    [{}, 'The Email is required.'],
    ['', 'The Email is required.'],
    ['not-an-address', 'The Email must be a valid e-mail address.'],
  ])('refuses %j with a 400 naming the field', async (email, message) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/subscription/subscribe/email',
      payload: typeof email === 'object' ? email : { email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', error_msg: expect.stringContaining(message) });
  });

  it('keeps a new address pending until its confirmation link is opened, which works once', async () => {
    const res = await subscribe('Reader@Example.com');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ status: string }>().status).toBe('success');
    expect(await statusOf('reader@example.com')).toBe('pending');

    const mail = mailsTo('reader@example.com').at(-1);
    expect(mail?.subject).toBe('Confirm your StockPulse newsletter subscription');
    expect(headersOf(mail?.raw)).toMatch(
      /^List-Unsubscribe: <https:\/\/stockpulse\.example\/api\/unsubscribe\?token=[0-9a-f]{64}>/m,
    );
    expect(headersOf(mail?.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    const token = confirmToken('reader@example.com');
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // Stored hashed: the token itself is nowhere in the table.
    const row = await t.database.db
      .selectFrom('newsletter_subscribers')
      .select('confirm_token_hash')
      .where('email', '=', 'reader@example.com')
      .executeTakeFirstOrThrow();
    expect(row.confirm_token_hash?.toString('hex')).not.toBe(token);

    const first = await confirm(token);
    expect(first.json()).toEqual({ status: 'success', email: 'reader@example.com' });
    expect(await statusOf('reader@example.com')).toBe('confirmed');
    const second = await confirm(token);
    expect(second.statusCode).toBe(400);
    expect(second.json<{ error_msg: string }>().error_msg).toBe(
      'This confirmation link is invalid or has expired.',
    );
  });

  it('refuses a confirmation link after 48 hours', async () => {
    await subscribe('late@example.com');
    const token = confirmToken('late@example.com');
    clock.set('2026-11-27T12:00:01Z');
    try {
      expect((await confirm(token)).statusCode).toBe(400);
      expect(await statusOf('late@example.com')).toBe('pending');
    } finally {
      clock.set('2026-11-25T12:00:00Z');
    }
  });

  it('answers an address already subscribed exactly like a new one (no enumeration)', async () => {
    const known = await subscribe('reader@example.com', '10.0.0.2');
    const fresh = await subscribe('someone-new@example.com', '10.0.0.2');
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    expect(await statusOf('reader@example.com')).toBe('confirmed');
    // The subscriber is told, in a mail only they can read.
    expect(mailsTo('reader@example.com').at(-1)?.subject).toBe(
      'You are already subscribed to StockPulse',
    );
  });

  it('unsubscribes in one click (RFC 8058 POST) from the link of any mail; again changes nothing', async () => {
    const mail = mailsTo('reader@example.com').at(-1);
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail?.raw))?.[1] ?? '';
    const path = url.replace(ORIGIN, '');
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('reader@example.com');
    expect(await statusOf('reader@example.com')).toBe('confirmed');

    const post = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    expect(post.body).toContain('You are unsubscribed');
    expect(await statusOf('reader@example.com')).toBe('unsubscribed');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: path,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('lists each address with its status for admins', async () => {
    await subscribe('confirmed@example.com', '10.0.0.3');
    await confirm(confirmToken('confirmed@example.com'));
    await subscribe('waiting@example.com', '10.0.0.3');
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/admin/list',
      headers: bearer((await admin()).token),
    });
    const body = list.json<{
      subscribers: { email: string; status: string }[];
      counts: Record<string, number>;
    }>();
    const statuses = Object.fromEntries(body.subscribers.map((s) => [s.email, s.status]));
    expect(statuses).toMatchObject({
      'confirmed@example.com': 'confirmed',
      'waiting@example.com': 'pending',
      'reader@example.com': 'unsubscribed',
    });
    expect(body.counts.confirmed).toBe(1);
  });

  it('sends a newsletter only to confirmed addresses, each mail with its own unsubscribe link', async () => {
    const services = createServices({
      db: t.database.db,
      config: t.config,
      log: pino({ level: 'silent' }),
      clock,
      jobs: t.jobs,
    });
    const recipients = await services.newsletter.confirmedSubscribers();
    expect(recipients.map((r) => r.email)).toEqual(['confirmed@example.com']);
    for (const recipient of recipients) {
      await services.newsletter.sendToSubscriber(
        recipient,
        'Weekly insights',
        'The week in markets.',
      );
    }
    services.close();
    const mails = mailsTo('confirmed@example.com').filter((m) => m.subject === 'Weekly insights');
    expect(mails).toHaveLength(1);
    const headers = headersOf(mails[0]?.raw);
    const url = /^List-Unsubscribe: <([^>]+)>/m.exec(headers)?.[1] ?? '';
    expect(url).toMatch(/\/api\/unsubscribe\?token=[0-9a-f]{64}$/);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mails[0]?.text).toContain(`Unsubscribe in one click: ${url}`);
    expect(mailsTo('waiting@example.com').some((m) => m.subject === 'Weekly insights')).toBe(false);
  });

  it('exports the subscribers as CSV for admins', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subscription/admin/export',
      headers: bearer((await admin()).token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,status,subscribed_at,confirmed_at,unsubscribed_at');
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^confirmed@example\.com,confirmed,2026-11-25T12:00:00\.000Z,2026-11-25T12:00:00\.000Z,$/,
      ),
    );
  });

  async function admin() {
    const u = await registerUser(t.app);
    await grant(t.database.db, u.user.id, { is_admin: true });
    return u;
  }
});

describe('newsletter rate limit at the real scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 after three sign-ups of one address in an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/subscription/subscribe/email',
        payload: { email: 'again@example.com' },
        remoteAddress: `10.1.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
