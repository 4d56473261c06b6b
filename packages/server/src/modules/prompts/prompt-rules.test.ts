import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import {
  checkDailyQuota,
  checkOpenPrompts,
  failureReason,
  formatWait,
  isRetryable,
  PermanentPromptError,
  PLAN_RULES,
  planOf,
  readSelection,
  titleOf,
} from './prompt-rules.ts';

const statusOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.statusCode : -1;
  }
  return 0;
};

describe('prompt rules', () => {
  it('ranks plans: higher tiers first, an inactive or missing subscription is free', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    const plan = (subscription: string, status: string, periodEnd: Date | null = null) =>
      planOf({ subscription, subscription_status: status, current_period_end: periodEnd }, now);
    expect(plan('tier3_monthly', 'active')).toBe('tier3_monthly');
    expect(plan('tier2_monthly', 'trialing')).toBe('tier2_monthly');
    expect(plan('tier3_monthly', 'canceled')).toBe('free');
    expect(plan('', 'active')).toBe('free');
    expect(plan('prod_unknown', 'active')).toBe('tier1_monthly');
    // A card that failed keeps the plan through the grace after the period end, not after.
    expect(plan('tier2_monthly', 'past_due', new Date('2026-11-22T00:00:00Z'))).toBe(
      'tier2_monthly',
    );
    expect(plan('tier2_monthly', 'past_due', new Date('2026-11-10T00:00:00Z'))).toBe('free');
    const priorities = (['tier3_monthly', 'tier2_monthly', 'tier1_monthly', 'free'] as const).map(
      (plan) => PLAN_RULES[plan].priority,
    );
    expect(priorities).toEqual([...priorities].sort((a, b) => b - a));
    expect(PLAN_RULES.free.dailyQuota).toBe(20);
    expect(PLAN_RULES.tier3_monthly.dailyQuota).toBe(2_000);
  });

  it('allows the quota and refuses past it, saying when it resets (business day, UTC)', () => {
    const now = new Date('2026-11-24T21:47:30Z');
    expect(statusOf(() => checkDailyQuota(20, 'free', now))).toBe(0);
    expect(() => checkDailyQuota(21, 'free', now)).toThrow(
      'You have used all 20 AI prompts of your free plan for today. The quota resets at 00:00 UTC (in 2 h 12 min).',
    );
    expect(statusOf(() => checkDailyQuota(101, 'tier1_monthly', now))).toBe(429);
    expect(statusOf(() => checkOpenPrompts(2))).toBe(0);
    expect(statusOf(() => checkOpenPrompts(3))).toBe(429);
    expect(formatWait(30_000)).toBe('under a minute');
    expect(formatWait(45 * 60_000)).toBe('45 min');
  });

  it('reads a selection: PORTFOLIO or tickers, EMAIL only for the e-mail summary', () => {
    expect(readSelection(['portfolio'], null)).toEqual({ kind: 'PORTFOLIO' });
    expect(readSelection(['nasdaq:aapl', 'NASDAQ:AAPL', ' NYSE:KO '], null)).toEqual({
      kind: 'TICKERS',
      symbols: ['NASDAQ:AAPL', 'NYSE:KO'],
    });
    expect(readSelection([], null)).toEqual({ kind: 'NONE' });
    expect(readSelection(['EMAIL'], 'EMAIL_SUMMARY')).toEqual({ kind: 'EMAIL' });
    for (const bad of [['PORTFOLIO', 'NASDAQ:AAPL'], ['EMAIL'], ['AAPL'], ['DROP TABLE']]) {
      expect(statusOf(() => readSelection(bad, null))).toBe(400);
    }
    expect(statusOf(() => readSelection(['PORTFOLIO'], 'EMAIL_SUMMARY'))).toBe(400);
    const many = Array.from({ length: 21 }, (_, i) => `NYSE:T${i}`);
    expect(statusOf(() => readSelection(many, null))).toBe(400);
  });

  it('titles a prompt by its first line, cut at a word', () => {
    expect(titleOf('  How is my portfolio?\nMore text')).toBe('How is my portfolio?');
    const long = 'word '.repeat(30);
    expect(titleOf(long).length).toBeLessThanOrEqual(81);
    expect(titleOf(long).endsWith('…')).toBe(true);
  });

  it('retries unless the failure says it is permanent; the reason hides addresses', () => {
    expect(isRetryable(new Error('timeout'))).toBe(true);
    expect(isRetryable(Object.assign(new Error('bad request'), { retryable: false }))).toBe(false);
    expect(isRetryable(new PermanentPromptError('gone'))).toBe(false);
    expect(failureReason(new Error('fetch https://key@api.example.com/v1 failed'), 2)).toBe(
      'The answer could not be written (2 attempts): fetch (address hidden) failed. Please try again later.',
    );
  });
});
