import { RATE_RULES, tooManyAttempts, type RateLimiter } from '../security/rate-limiter.ts';

/**
 * Password guessing limits that cannot be turned into a lock-out of someone else's account.
 *
 * Failures count per account (its id, whichever of e-mail or username was typed; the typed text
 * for unknown accounts, so they behave the same) and per address. Past 10 failures in 15 minutes
 * an address that has itself failed on the account must wait; an address that has not may still
 * try, so the owner's correct password logs in while a stranger hammers the account. Past 200
 * failures from everywhere in 15 minutes nobody may try: a distributed guesser is bounded, and
 * locking someone out then takes hundreds of requests from many addresses, not twenty.
 */
export function createLoginGuard(limiter: RateLimiter) {
  const pair = (account: string, ip: string) => `${account}|${ip}`;
  return {
    /** Throws a 429 before the password is checked when this address may not try now. */
    async check(account: string, ip: string): Promise<void> {
      await limiter.hit(RATE_RULES.loginPerIp, ip);
      const ceiling = await limiter.exceeded(RATE_RULES.loginFailuresCeiling, account);
      if (ceiling) throw tooManyAttempts(ceiling.retrySeconds);
      const account_ = await limiter.exceeded(RATE_RULES.loginFailuresPerAccount, account);
      if (!account_) return;
      const here = await limiter.exceeded(RATE_RULES.loginFailuresPerAccountIp, pair(account, ip));
      if (here) throw tooManyAttempts(account_.retrySeconds);
    },
    async failed(account: string, ip: string): Promise<void> {
      await limiter.record(RATE_RULES.loginFailuresPerAccount, account);
      await limiter.record(RATE_RULES.loginFailuresCeiling, account);
      await limiter.record(RATE_RULES.loginFailuresPerAccountIp, pair(account, ip));
    },
    async succeeded(account: string, ip: string): Promise<void> {
      await limiter.clear(RATE_RULES.loginFailuresPerAccountIp, pair(account, ip));
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
