import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactUrl } from '../src/http/logger.ts';
import { buildTestApp, capturedLog, type TestApp } from './helpers/app.ts';
import { registerUser, type TestUser } from './helpers/factories.ts';

/** One raw HTTP/1.1 request over a socket: the target is sent byte for byte, '#' included. */
function rawRequest(port: number, target: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('end', () => {
      const status = Number(/^HTTP\/1\.1 (\d+)/.exec(data)?.[1] ?? 0);
      resolve({ status, body: data.slice(data.indexOf('\r\n\r\n') + 4) });
    });
    socket.on('error', reject);
    const lines = [`GET ${target} HTTP/1.1`, 'Host: localhost', 'Connection: close'];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('no secret in any log line', () => {
  const { log, lines } = capturedLog();
  let t: TestApp;
  let port: number;
  let alice: TestUser;

  beforeAll(async () => {
    t = await buildTestApp({ log });
    alice = await registerUser(t.app);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(() => t.close());

  it('refuses a request target holding # with a 400 before authentication', async () => {
    for (const target of [
      `/api/user/get/me?#&key=${alice.token}`,
      `/api/user/get/me#key=${alice.token}`,
    ]) {
      const res = await rawRequest(port, target);
      expect(res.status, res.body).toBe(400);
      expect(res.body).toContain("cannot contain '#'");
      expect(res.body).not.toContain(alice.username);
    }
    const plain = await rawRequest(port, `/api/user/get/me?key=${alice.token}`);
    expect(plain.status).toBe(200);
  });

  it('keeps a live token out of the log in every form it can be sent', async () => {
    const token = alice.token;
    const encoded = token.replace(/./g, (c) => `%${c.charCodeAt(0).toString(16)}`);
    const targets = [
      `/api/user/get/me?key=${token}`,
      `/api/user/get/me?#&key=${token}`,
      `/api/user/get/me?a=1#key=${token}`,
      `/api/user/get/me?k%65y=${token}`,
      `/api/user/get/me?key=${encoded}`,
      `/api/user/get/me?KEY=${token}`,
      `/api/user/get/me?a=1;key=${token}`,
      `/api/user/get/me?access_token=${token}`,
      `/api/user/get/me?api_key=${token}`,
      `/api/user/get/me?apikey=${token}`,
      `/api/user/get/me?token=${token}`,
      `/api/user/get/me?session=${token}`,
      `/api/user/get/me?x=${token}`,
      `/api/user/get/me?${token}`,
      `/api/no-such-route?key=${token}`,
      `/api/no-such-route/${token}`,
      `/no-such-page?access_token=${token}`,
    ];
    for (const target of targets) await rawRequest(port, target);
    await rawRequest(port, '/api/user/get/me', { Authorization: `Bearer ${token}` });
    await rawRequest(port, '/api/user/get/me', { Cookie: `session=${token}` });
    await rawRequest(port, '/api/telegram/webhook', {
      'X-Telegram-Bot-Api-Secret-Token': token,
    });
    await rawRequest(port, '/api/payment/webhook', { 'Stripe-Signature': `t=1,v1=${token}` });
    const text = lines.join('');
    expect(lines.length).toBeGreaterThan(targets.length);
    for (const form of [token, encoded, token.toUpperCase(), token.slice(8, 40)]) {
      expect(text.toLowerCase()).not.toContain(form.toLowerCase());
    }
    expect(text).toContain('[Redacted]');
  });

  it('keeps what is not a credential readable', () => {
    expect(redactUrl('/api/news/query?ticker=AAPL&limit=20&monkey=1')).toBe(
      '/api/news/query?ticker=AAPL&limit=20&monkey=1',
    );
    expect(redactUrl('/x?a=1&key=abc&access_token=def#h')).toBe(
      '/x?a=1&key=[Redacted]&access_token=[Redacted]#[Redacted]',
    );
  });
});
