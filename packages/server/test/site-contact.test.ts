import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser } from './helpers/factories.ts';
import { startSmtpServer } from './helpers/smtp.ts';

const MESSAGE = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'Enterprise plan enquiry',
  message: 'Hello,\nwe would like a quote for 40 seats.',
};

describe('contact form: stored, mailed to the administrators over real SMTP, inbox', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await buildTestApp({
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://stockpulse.example',
        RATE_LIMIT_SCALE: '100',
        CONTACT_EMAIL: 'team@stockpulse.example',
        CONTACT_LEGAL_EMAIL: 'legal@stockpulse.example',
        CONTACT_PHONE: '+1 555 0100',
        CONTACT_ADDRESS: '1 Wall Street, New York; 2 Quay, Dublin',
      },
      clock: fixedClock('2026-11-25T12:00:00Z'),
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const submit = (payload: object, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/contact/submit', payload, remoteAddress: ip });

  it.each([
    ['name', { ...MESSAGE, name: '  ' }, 'The Name is required.'],
    ['email', { ...MESSAGE, email: 'nobody' }, 'The Email must be a valid e-mail address.'],
    ['subject', { ...MESSAGE, subject: '' }, 'The Subject is required.'],
    ['message', { ...MESSAGE, message: undefined }, 'The Message is required.'],
  ])('refuses a message without a valid %s (400), storing nothing', async (_field, body, text) => {
    const res = await submit(body);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error_msg: string }>().error_msg).toContain(text);
    const stored = await t.database.db.selectFrom('contact_messages').selectAll().execute();
    expect(stored).toHaveLength(0);
  });

  it('stores a valid message and mails it to the contact address and every administrator', async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const res = await submit(MESSAGE);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'Your message has been sent successfully!',
    });
    const [row] = await t.database.db.selectFrom('contact_messages').selectAll().execute();
    expect(row).toMatchObject({ ...MESSAGE, read_at: null, ip: '10.0.0.1' });
    expect(row?.created_at.toISOString()).toBe('2026-11-25T12:00:00.000Z');

    const mails = smtp.mails.filter((mail) => mail.subject === 'Contact: Enterprise plan enquiry');
    expect(mails.flatMap((mail) => mail.to).sort()).toEqual(
      [admin.email, 'team@stockpulse.example'].sort(),
    );
    expect(mails[0]?.text).toContain('From: Ada Lovelace <ada@example.com>');
    expect(mails[0]?.text).toContain('we would like a quote for 40 seats.');
  });

  it('lists the inbox for admins with read/unread marks', async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const inbox = await t.app.inject({
      method: 'GET',
      url: '/api/contact/admin/inbox',
      headers: bearer(admin.token),
    });
    const body = inbox.json<{ unread: number; messages: { id: string; read: boolean }[] }>();
    expect(body.unread).toBe(1);
    const id = body.messages[0]?.id ?? '';
    const read = await t.app.inject({
      method: 'POST',
      url: `/api/contact/admin/mark/${id}`,
      headers: bearer(admin.token),
      payload: { read: true },
    });
    expect(read.json<{ message: { read: boolean } }>().message.read).toBe(true);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/contact/admin/inbox',
      headers: bearer(admin.token),
    });
    expect(after.json<{ unread: number }>().unread).toBe(0);
    const unread = await t.app.inject({
      method: 'POST',
      url: `/api/contact/admin/mark/${id}`,
      headers: bearer(admin.token),
      payload: { read: false },
    });
    expect(unread.json<{ message: { read: boolean } }>().message.read).toBe(false);
  });

  it('answers the configured contact details to anyone (privacy falls back to the contact e-mail)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/details' });
    expect(res.json()).toEqual({
      status: 'success',
      contact: {
        email: 'team@stockpulse.example',
        privacy_email: 'team@stockpulse.example',
        legal_email: 'legal@stockpulse.example',
        phone: '+1 555 0100',
        addresses: ['1 Wall Street, New York', '2 Quay, Dublin'],
      },
    });
  });
});

describe('contact rate limit at the real scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers 429 after five messages from one address in an hour', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/contact/submit',
        payload: MESSAGE,
        remoteAddress: '10.2.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
