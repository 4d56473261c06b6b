import { describe, expect, it } from 'vitest';
import { entitlementsOf, isEntitled, PAST_DUE_GRACE_DAYS, planOf, toOurStatus } from './plans.ts';

const now = new Date('2026-11-25T12:00:00Z');
const facts = (subscription: string, status: string, end: string | null = null) => ({
  subscription,
  subscription_status: status,
  current_period_end: end ? new Date(end) : null,
});

describe('entitlements per plan', () => {
  it('gives each plan its quota, priority, alerts and digest', () => {
    expect(entitlementsOf(facts('', ''), now)).toMatchObject({
      plan: 'free',
      subscriber: false,
      aiPriority: 0,
      alertKinds: [],
      digest: 'none',
    });
    expect(entitlementsOf(facts('tier1_monthly', 'active'), now)).toMatchObject({
      plan: 'tier1_monthly',
      subscriber: true,
      aiDailyQuota: 100,
      aiPriority: 1,
    });
    expect(entitlementsOf(facts('tier2_monthly', 'active'), now)).toMatchObject({
      label: 'Basic',
      aiDailyQuota: 500,
      alertKinds: ['messaging'],
      digest: 'weekly',
      portfolioReview: 'weekly',
    });
    expect(entitlementsOf(facts('tier3_monthly', 'trialing'), now)).toMatchObject({
      label: 'Standard',
      aiDailyQuota: 2000,
      aiPriority: 3,
      alertKinds: ['messaging', 'instant'],
      digest: 'daily',
    });
  });

  it('treats an unknown product of an entitled subscription as the lowest tier', () => {
    expect(planOf(facts('legacy_plan', 'active'), now)).toBe('tier1_monthly');
  });
});

describe('status rules', () => {
  it('entitles active and trialing, not canceled, incomplete or none', () => {
    expect(isEntitled(facts('tier2_monthly', 'active'), now)).toBe(true);
    expect(isEntitled(facts('tier2_monthly', 'trialing'), now)).toBe(true);
    expect(isEntitled(facts('tier2_monthly', 'canceled'), now)).toBe(false);
    expect(isEntitled(facts('tier2_monthly', 'incomplete'), now)).toBe(false);
    expect(isEntitled(facts('tier2_monthly', ''), now)).toBe(false);
    expect(isEntitled(facts('', 'active'), now)).toBe(false);
  });

  it(`keeps past_due entitled for ${PAST_DUE_GRACE_DAYS} days after the period end`, () => {
    expect(isEntitled(facts('tier2_monthly', 'past_due', '2026-11-19T12:00:00Z'), now)).toBe(true);
    expect(isEntitled(facts('tier2_monthly', 'past_due', '2026-11-18T12:00:00Z'), now)).toBe(true);
    expect(isEntitled(facts('tier2_monthly', 'past_due', '2026-11-18T11:59:59Z'), now)).toBe(false);
    expect(isEntitled(facts('tier2_monthly', 'past_due'), now)).toBe(false);
  });

  it("maps the provider's statuses to ours", () => {
    expect(toOurStatus('unpaid')).toBe('past_due');
    expect(toOurStatus('incomplete_expired')).toBe('canceled');
    expect(toOurStatus('paused')).toBe('canceled');
    expect(toOurStatus('active')).toBe('active');
    expect(toOurStatus('something')).toBe('incomplete');
  });
});
