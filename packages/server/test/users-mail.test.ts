import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';
import { startSmtpServer } from './helpers/smtp.ts';

describe('mail flows over a real SMTP server', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://stockpulse.example',
        RATE_LIMIT_SCALE: '100',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const path = (link: string) => link.replace('https://stockpulse.example', '');

  it('recovers a password through the e-mailed link, which works once', async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password_recovery',
      payload: { email: u.email },
    });
    expect(res.json()).toEqual({
      status: 'success',
      message: `Password recovery instructions have been sent to ${u.email}`,
    });
    const mail = smtp.mails.at(-1);
    expect(mail?.subject).toBe('Reset your StockPulse password');
    const link = smtp.lastLinkTo(u.email);
    expect(link).toMatch(/^https:\/\/stockpulse\.example\/password_recovery\?key=[0-9a-f]{64}$/);

    const key = new URL(link).searchParams.get('key') ?? '';
    const exchange = await t.app.inject({ method: 'GET', url: `/api/user/token?key=${key}` });
    expect(exchange.statusCode).toBe(200);
    const session = exchange.json<{ token: string; username: string }>();
    expect(session.username).toBe(u.username);
    const again = await t.app.inject({ method: 'GET', url: `/api/user/token?key=${key}` });
    expect(again.statusCode).toBe(400);
    expect(again.json<{ error_msg: string }>().error_msg).toMatch(/invalid or has expired/);

    await t.app.inject({
      method: 'POST',
      url: '/api/user/set/password',
      headers: bearer(session.token),
      payload: { value: 'recovered secret' },
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: u.email, password: 'recovered secret' },
    });
    expect(login.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/user/get/me', headers: bearer(u.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('keeps delivered mail in the outbox without its one-time key', async () => {
    const [latest] = await t.database.db
      .selectFrom('outbox')
      .selectAll()
      .where('subject', '=', 'Reset your StockPulse password')
      .execute();
    expect(latest?.delivery).toBe('sent');
    expect(latest?.text_body).not.toMatch(/[0-9a-f]{64}/);
  });

  it('answers recovery for an unknown account like a known one, and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/password_recovery',
      payload: { email: 'ghost@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.mails.length).toBe(before);
  });

  it('validates a user as human: confirmation link → approval queue → admin approves → user is told', async () => {
    const u = await registerUser(t.app);
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });

    const ask = await t.app.inject({
      method: 'GET',
      url: '/api/user/validate_email',
      headers: bearer(u.token),
    });
    expect(ask.json()).toEqual({
      status: 'success',
      message: `We sent a confirmation link to ${u.email}.`,
    });
    const confirm = await t.app.inject({ method: 'GET', url: path(smtp.lastLinkTo(u.email)) });
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/please_wait');

    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/user/admin/validation_queue',
      headers: bearer(admin.token),
    });
    expect(
      queue.json<{ users: { username: string; validation_status: string }[] }>().users,
    ).toContainEqual(
      expect.objectContaining({ username: u.username, validation_status: 'pending' }),
    );

    const approve = await t.app.inject({
      method: 'POST',
      url: '/api/user/admin/update',
      headers: bearer(admin.token),
      payload: { username: u.username, key: 'is_email_validated', value: true },
    });
    expect(
      approve.json<{ user: { is_email_validated: boolean; validation_status: string } }>().user,
    ).toMatchObject({
      is_email_validated: true,
      validation_status: 'approved',
    });
    expect(smtp.mails.at(-1)).toMatchObject({
      to: [u.email],
      subject: 'Your StockPulse account is approved',
    });
  });

  it('an admin can reject a request, and the user is told', async () => {
    const u = await registerUser(t.app);
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    await t.app.inject({
      method: 'GET',
      url: '/api/user/validate_email',
      headers: bearer(u.token),
    });
    await t.app.inject({ method: 'GET', url: path(smtp.lastLinkTo(u.email)) });
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/user/admin/reject/${u.username}`,
      headers: bearer(admin.token),
    });
    expect(reject.json<{ user: { validation_status: string } }>().user.validation_status).toBe(
      'rejected',
    );
    expect(smtp.mails.at(-1)).toMatchObject({
      to: [u.email],
      subject: 'About your StockPulse account',
    });
  });
  it('tells the account address when the password changes, and the old address when the e-mail changes', async () => {
    const u = await registerUser(t.app);
    const set = (key: string, value: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/user/set/${key}`,
        headers: bearer(u.token),
        payload: { value },
      });
    expect((await set('password', 'a brand new secret')).statusCode).toBe(200);
    const notice = smtp.mails.findLast((m) => m.to.includes(u.email));
    expect(notice?.subject).toBe('Your StockPulse password was changed');
    expect(notice?.text).toContain('https://stockpulse.example/password_recovery');

    const newEmail = `moved-${u.email}`;
    expect((await set('email', newEmail)).statusCode).toBe(200);
    const moved = smtp.mails.findLast((m) => m.to.includes(u.email));
    expect(moved?.subject).toBe('The e-mail address of your StockPulse account was changed');
    expect(moved?.text).toContain(newEmail);
    // Setting the same address again changes nothing and mails nobody.
    const count = smtp.mails.length;
    expect((await set('email', newEmail)).statusCode).toBe(200);
    expect(smtp.mails.length).toBe(count);
  });
});

describe('mail without SMTP (the offline default)', () => {
  it('keeps the mail with its link in the outbox, readable by admins', async () => {
    const t = await buildTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    try {
      const u = await registerUser(t.app);
      const admin = await registerUser(t.app);
      await grant(t.database.db, admin.user.id, { is_admin: true });
      await t.app.inject({
        method: 'POST',
        url: '/api/user/password_recovery',
        payload: { email: u.username },
      });
      const outbox = await t.app.inject({
        method: 'GET',
        url: '/api/user/admin/outbox',
        headers: bearer(admin.token),
      });
      const [listed] = outbox.json<{ messages: { id: string; to: string; delivery: string }[] }>()
        .messages;
      expect(listed).toMatchObject({ to: u.email, delivery: 'logged' });
      expect(listed).not.toHaveProperty('text');
      // The list carries no texts: the admin opens one mail.
      const opened = await t.app.inject({
        method: 'GET',
        url: `/api/user/admin/outbox/${listed?.id ?? ''}`,
        headers: bearer(admin.token),
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const { message: mail } = opened.json<{ message: { to: string; text: string } }>();
      expect(mail.to).toBe(u.email);
      expect(mail.text).toMatch(/\/password_recovery\?key=[0-9a-f]{64}/);
      for (const [id, status] of [
        ['00000000-0000-4000-8000-000000000000', 404],
        ['not-a-mail', 400],
      ] as const) {
        const missing = await t.app.inject({
          method: 'GET',
          url: `/api/user/admin/outbox/${id}`,
          headers: bearer(admin.token),
        });
        expect(missing.statusCode).toBe(status);
        expect(missing.json()).toMatchObject({ status: 'error' });
      }
    } finally {
      await t.close();
    }
  });
});
