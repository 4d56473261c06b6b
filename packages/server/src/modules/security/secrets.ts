import { createHash, randomBytes, randomInt } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** A random 256-bit token, hex encoded: what a client holds. */
export function newToken(): string {
  return randomBytes(32).toString('hex');
}

/** What we store instead of a token: its SHA-256. */
export function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/** argon2id with OWASP's second recommended setting (19 MiB, 2 passes, 1 lane). */
export const ARGON2_OPTIONS = {
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

// Verified against when the account does not exist, so a wrong username costs the same time.
let decoyHash: Promise<string> | undefined;

/** Checks a password; with no stored hash it still spends the time of a real check. */
export async function verifyPassword(
  stored: string | undefined,
  password: string,
): Promise<boolean> {
  if (stored === undefined) {
    decoyHash ??= hashPassword(newToken());
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A readable referral code such as `K7MQ-2XRP`: random, so not guessable from the username. */
export function newReferralCode(): string {
  const pick = () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)] ?? 'X';
  const part = () => Array.from({ length: 4 }, pick).join('');
  return `${part()}-${part()}`;
}
