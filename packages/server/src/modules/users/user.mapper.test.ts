import { describe, expect, it } from 'vitest';
import { toAuthUser, type UserRow } from './user.mapper.ts';

const DAY = 86_400_000;
const now = new Date('2026-11-25T12:00:00Z');

function row(overrides: Partial<UserRow>): UserRow {
  return {
    id: 'u1',
    username: 'ada',
    is_admin: false,
    is_email_validated: true,
    subscription: 'tier2_monthly',
    subscription_status: 'active',
    current_period_end: new Date(now.getTime() + 10 * DAY),
    ...overrides,
  } as UserRow;
}

describe('toAuthUser', () => {
  it('is a subscriber exactly while the plan applies, the past_due grace included', () => {
    expect(toAuthUser(row({}), now).is_subscriber).toBe(true);
    expect(toAuthUser(row({ subscription_status: 'trialing' }), now).is_subscriber).toBe(true);
    const pastDue = { subscription_status: 'past_due' };
    expect(
      toAuthUser(row({ ...pastDue, current_period_end: new Date(now.getTime() - 3 * DAY) }), now)
        .is_subscriber,
    ).toBe(true);
    expect(
      toAuthUser(row({ ...pastDue, current_period_end: new Date(now.getTime() - 8 * DAY) }), now)
        .is_subscriber,
    ).toBe(false);
    expect(toAuthUser(row({ subscription_status: 'canceled' }), now).is_subscriber).toBe(false);
    expect(toAuthUser(row({ subscription: '' }), now).is_subscriber).toBe(false);
  });
});
