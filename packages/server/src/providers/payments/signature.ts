import { createHmac, timingSafeEqual } from 'node:crypto';
import { InvalidSignatureError } from './payments-provider.ts';

/** Seconds a signed payload stays acceptable (Stripe's default tolerance). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

const hmac = (secret: string, signedPayload: string) =>
  createHmac('sha256', secret).update(signedPayload, 'utf8').digest('hex');

/** A `t=…,v1=…` header (Stripe's format): HMAC-SHA256 of `{t}.{body}` with the secret. */
export function signPayload(secret: string, body: string, timestamp: number): string {
  return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${body}`)}`;
}

/** Checks a `t=…,v1=…` header against the body; throws InvalidSignatureError when it fails. */
export function verifySignature(
  secret: string,
  body: Buffer,
  header: string,
  nowSeconds: number,
): void {
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string?]);
  const timestamp = Number(parts.find(([key]) => key === 't')?.[1]);
  const signatures = parts.filter(([key]) => key === 'v1').map(([, value]) => value ?? '');
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    throw new InvalidSignatureError('malformed signature header');
  }
  if (Math.abs(nowSeconds - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw new InvalidSignatureError('signature timestamp outside the tolerance');
  }
  const expected = Buffer.from(hmac(secret, `${timestamp}.${body.toString('utf8')}`), 'hex');
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'hex');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches) throw new InvalidSignatureError('no signature matches');
}
