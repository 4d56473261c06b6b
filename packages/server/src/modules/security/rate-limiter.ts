import type { Clock } from '../../clock.ts';
import { tooManyRequests } from '../../http/errors.ts';
import type { RateLimitRepository } from './rate-limit.repository.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

/** Limits of spec'd abuse paths; `RATE_LIMIT_SCALE` multiplies every limit (tests, load runs). */
export const RATE_RULES = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 900 },
  /** Failed logins of one account from everywhere: past it, only addresses that have not failed may try. */
  loginFailuresPerAccount: { name: 'login-fail-account', limit: 10, windowSeconds: 900 },
  /** Failed logins of one account from one address. */
  loginFailuresPerAccountIp: { name: 'login-fail-account-ip', limit: 1, windowSeconds: 900 },
  /** Failed logins of one account from every address together, past which nobody may try. */
  loginFailuresCeiling: { name: 'login-fail-ceiling', limit: 200, windowSeconds: 900 },
  registerPerIp: { name: 'register-ip', limit: 10, windowSeconds: 3600 },
  recoveryPerAccount: { name: 'recovery-account', limit: 3, windowSeconds: 3600 },
  recoveryPerIp: { name: 'recovery-ip', limit: 20, windowSeconds: 3600 },
  validationPerUser: { name: 'validation-user', limit: 3, windowSeconds: 3600 },
  // Spec §7: every company load asks, visitors included, so the limit is per client address.
  invalidatePerAddress: { name: 'invalidate-address', limit: 30, windowSeconds: 60 },
  // The company debug view's refresh (admins and debug users).
  companyInvalidatePerUser: { name: 'company-invalidate-user', limit: 10, windowSeconds: 60 },
  // Each translation is a paid language-model call.
  translatePerUser: { name: 'translate-user', limit: 20, windowSeconds: 3600 },
  // Each reindex is an analyst run (a paid language-model call with AI_PROVIDER=openai).
  reindexPerUser: { name: 'reindex-user', limit: 30, windowSeconds: 3600 },
  // Comments: a burst of ten, then a pause; reports are rarer still.
  commentPerUser: { name: 'comment-user', limit: 10, windowSeconds: 600 },
  reportPerUser: { name: 'report-user', limit: 20, windowSeconds: 3600 },
  // The public site: each sign-up and contact message sends mail.
  subscribePerIp: { name: 'subscribe-ip', limit: 10, windowSeconds: 3600 },
  subscribePerAddress: { name: 'subscribe-address', limit: 3, windowSeconds: 3600 },
  contactPerIp: { name: 'contact-ip', limit: 5, windowSeconds: 3600 },
  // Browser push: each subscription is a row, each test a request to a push service.
  pushSubscribePerUser: { name: 'push-subscribe-user', limit: 20, windowSeconds: 3600 },
  pushTestPerUser: { name: 'push-test-user', limit: 5, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;

export type RateCount = { hits: number; retrySeconds: number };

export type RateLimiter = {
  /**
   * Counts one hit for `subject`; throws a 429 AppError when the rule's limit is passed, with
   * `message(retrySeconds)` as its text when given.
   */
  hit: (
    rule: RateRule,
    subject: string,
    message?: (retrySeconds: number) => string,
  ) => Promise<void>;
  /** Counts one hit for `subject` without refusing anything; returns the window's count. */
  record: (rule: RateRule, subject: string) => Promise<RateCount>;
  /** Whether `subject` has passed the rule's limit, without counting. */
  exceeded: (rule: RateRule, subject: string) => Promise<RateCount | null>;
  /** Forgets the subject's hits (e.g. the failed logins of an address after a correct one). */
  clear: (rule: RateRule, subject: string) => Promise<void>;
};

export function wait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/** The 429 a limited caller gets, with the time left in the window. */
export function tooManyAttempts(retrySeconds: number) {
  return tooManyRequests(`Too many attempts. Please try again in ${wait(retrySeconds)}.`);
}

/**
 * Fixed-window counters in PostgreSQL: one upsert per hit, shared by every API process
 * (in-memory counters would let N processes allow N times the limit). Windows follow the clock.
 */
export function createRateLimiter(
  counters: RateLimitRepository,
  scale: number,
  clock: Clock,
): RateLimiter {
  const keyOf = (rule: RateRule, subject: string) => `${rule.name}:${subject.toLowerCase()}`;
  const limitOf = (rule: RateRule) => Math.ceil(rule.limit * scale);
  const secondsLeft = (until: Date, now: Date) =>
    Math.ceil((until.getTime() - now.getTime()) / 1000);

  const record = async (rule: RateRule, subject: string): Promise<RateCount> => {
    const now = clock.now();
    const windowEnds = new Date(now.getTime() + rule.windowSeconds * 1000);
    const row = await counters.hit(keyOf(rule, subject), now, windowEnds);
    if (!row) return { hits: 0, retrySeconds: 0 };
    return { hits: row.hits, retrySeconds: secondsLeft(row.expires_at, now) };
  };

  return {
    record,
    async hit(rule, subject, message) {
      const count = await record(rule, subject);
      if (count.hits <= limitOf(rule)) return;
      throw message
        ? tooManyRequests(message(count.retrySeconds))
        : tooManyAttempts(count.retrySeconds);
    },
    async exceeded(rule, subject) {
      const now = clock.now();
      const row = await counters.find(keyOf(rule, subject), now);
      if (!row || row.hits < limitOf(rule)) return null;
      return { hits: row.hits, retrySeconds: secondsLeft(row.expires_at, now) };
    },
    clear: (rule, subject) => counters.remove(keyOf(rule, subject)),
  };
}
