import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { once } from 'node:events';
import { Agent, createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { generate } from 'selfsigned';

/** The host name push endpoints of the fake service carry (resolved to this machine by `agent`). */
export const FAKE_PUSH_HOST = 'push.stockpulse.test';

/** A notification the fake push service took, decrypted. */
export type ReceivedPush = {
  path: string;
  /** The decrypted payload (parsed JSON). */
  payload: unknown;
  ttl: string | undefined;
  /** The VAPID key the request was signed with (the `k` of its Authorization header). */
  vapidKey: string;
  /** The JWT's audience, the endpoint's origin. */
  audience: string;
};

/** A browser's side of a subscription: the P-256 key pair and auth secret the payload is for. */
export type FakeBrowser = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  decrypt: (body: Buffer) => Buffer;
};

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * Decrypts an aes128gcm Web Push message (RFC 8291 over RFC 8188) for the browser whose key
 * pair is `ecdh` and auth secret is `authSecret`: one record, padding delimiter 2.
 */
export function decryptAes128gcm(
  body: Buffer,
  ecdh: ReturnType<typeof createECDH>,
  authSecret: Buffer,
): Buffer {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    ecdh.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(authSecret, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01', 'binary')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01', 'binary')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

/** Checks the VAPID JWT (ES256) against its key; answers the key and the audience. */
function checkVapid(authorization: string | undefined): { key: string; audience: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`no VAPID authorization: ${String(authorization)}`);
  const [header, claims, signature] = match[1].split('.');
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header ?? ''}.${claims ?? ''}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  if (!signed) throw new Error('the VAPID signature does not verify');
  const body = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as { aud: string };
  return { key: match[2], audience: body.aud };
}

/**
 * A push service on this machine speaking HTTPS: it decrypts every notification for the
 * browser it was made for, checks the VAPID signature, and answers 201; an endpoint under
 * /gone/ answers 410 and one under /broken/ 500, as real push services do for an expired
 * subscription and an outage.
 */
export async function startFakePushService() {
  const pems = await generate([{ name: 'commonName', value: FAKE_PUSH_HOST }], {
    keyType: 'ec',
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: false },
      { name: 'subjectAltName', altNames: [{ type: 2, value: FAKE_PUSH_HOST }] },
    ],
  });
  const browsers = new Map<string, FakeBrowser>();
  const received: ReceivedPush[] = [];
  const problems: string[] = [];
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path.startsWith('/gone/'))
        return void res.writeHead(410).end('push subscription has unsubscribed or expired');
      if (path.startsWith('/broken/')) return void res.writeHead(500).end('internal error');
      try {
        const browser = browsers.get(path);
        if (!browser) throw new Error(`no browser for ${path}`);
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        const vapid = checkVapid(req.headers.authorization);
        const plain = browser.decrypt(Buffer.concat(chunks));
        received.push({
          path,
          payload: JSON.parse(plain.toString('utf8')) as unknown,
          ttl: req.headers.ttl as string | undefined,
          vapidKey: vapid.key,
          audience: vapid.audience,
        });
        res.writeHead(201).end();
      } catch (error) {
        problems.push(error instanceof Error ? error.message : String(error));
        res.writeHead(400).end();
      }
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  /** Trusts the fake's certificate and resolves its host name to it. */
  const agent = new Agent({
    ca: pems.cert,
    lookup: (_host, options, callback) => {
      if ((options as { all?: boolean }).all) {
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [
          { address: '127.0.0.1', family: 4 },
        ]);
      } else callback(null, '127.0.0.1', 4);
    },
  });

  return {
    agent,
    received,
    problems,
    /** A new browser's subscription whose endpoint lives under `/{kind}/` of the fake. */
    browser(kind: 'ok' | 'gone' | 'broken' = 'ok'): FakeBrowser {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/${kind}/${randomBytes(12).toString('base64url')}`;
      const browser: FakeBrowser = {
        endpoint: `https://${FAKE_PUSH_HOST}:${String(port)}${path}`,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
        decrypt: (body) => decryptAes128gcm(body, ecdh, auth),
      };
      browsers.set(path, browser);
      return browser;
    },
    close: async () => {
      agent.destroy();
      server.close();
      await once(server, 'close');
    },
  };
}
