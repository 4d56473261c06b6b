import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { tooManyRequests } from '../../http/errors.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

/** Limits of spec'd abuse paths; `RATE_LIMIT_SCALE` multiplies every limit (tests, load runs). */
export const RATE_RULES = {
  loginPerIp: { name: 'login-ip', limit: 30, windowSeconds: 900 },
  loginPerAccount: { name: 'login-account', limit: 10, windowSeconds: 900 },
  registerPerIp: { name: 'register-ip', limit: 10, windowSeconds: 3600 },
  recoveryPerAccount: { name: 'recovery-account', limit: 3, windowSeconds: 3600 },
  recoveryPerIp: { name: 'recovery-ip', limit: 20, windowSeconds: 3600 },
  validationPerUser: { name: 'validation-user', limit: 3, windowSeconds: 3600 },
  invalidatePerUser: { name: 'invalidate-user', limit: 30, windowSeconds: 60 },
  // Each translation is a paid language-model call.
  translatePerUser: { name: 'translate-user', limit: 20, windowSeconds: 3600 },
} as const satisfies Record<string, RateRule>;

export type RateLimiter = {
  /** Counts one hit for `subject`; throws a 429 AppError when the rule's limit is passed. */
  hit: (rule: RateRule, subject: string) => Promise<void>;
};

function wait(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, seconds)} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}

/**
 * Fixed-window counters in PostgreSQL: one upsert per hit, shared by every API process
 * (in-memory counters would let N processes allow N times the limit).
 */
export function createRateLimiter(db: Database, scale = 1): RateLimiter {
  return {
    async hit(rule, subject) {
      const key = `${rule.name}:${subject.toLowerCase()}`;
      const window = `${rule.windowSeconds} seconds`;
      const row = await sql<{ hits: number; retry: number }>`
        insert into rate_limits as r (key, hits, expires_at)
        values (${key}, 1, now() + ${window}::interval)
        on conflict (key) do update set
          hits = case when r.expires_at <= now() then 1 else r.hits + 1 end,
          expires_at = case when r.expires_at <= now() then now() + ${window}::interval else r.expires_at end
        returning hits, ceil(extract(epoch from expires_at - now()))::int as retry`
        .execute(db)
        .then((result) => result.rows[0]);
      if (row && row.hits > Math.ceil(rule.limit * scale)) {
        throw tooManyRequests(`Too many attempts. Please try again in ${wait(row.retry)}.`);
      }
    },
  };
}
