import { describe, expect, it } from 'vitest';
import {
  addMonths,
  BONUS_CENTS,
  bonusesOwed,
  commissionCents,
  ENTERPRISE_BONUS_CENTS,
  enterpriseBonusesOwed,
  extendedPeriodEnd,
  referralRefusal,
  reversalCents,
} from './referrals.ts';

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe('referral rules', () => {
  it('refuses a self-referral and a second referral of the same person', () => {
    expect(referralRefusal('a', 'a', null)).toBe('You cannot refer yourself.');
    expect(referralRefusal('a', 'b', 'c')).toBe('This user was already referred.');
    expect(referralRefusal('a', 'b', null)).toBeNull();
  });

  it('gives a free month: the period end moves by 30 days (from now when already past)', () => {
    const now = day('2026-11-25');
    expect(extendedPeriodEnd(day('2026-12-10'), now)).toEqual(day('2027-01-09'));
    expect(extendedPeriodEnd(day('2026-11-01'), now)).toEqual(day('2026-12-25'));
    expect(extendedPeriodEnd(null, now)).toEqual(day('2026-12-25'));
  });

  it('pays 20 % commission on payments during the first 12 months', () => {
    const qualifiedAt = day('2026-01-01');
    expect(
      commissionCents({ amountCents: 1000, enterprise: false, qualifiedAt, paidAt: qualifiedAt }),
    ).toBe(200);
    const last = addMonths(qualifiedAt, 12);
    expect(
      commissionCents({
        amountCents: 1000,
        enterprise: false,
        qualifiedAt,
        paidAt: new Date(last.getTime() - 1),
      }),
    ).toBe(200);
    expect(
      commissionCents({ amountCents: 1000, enterprise: false, qualifiedAt, paidAt: last }),
    ).toBe(0);
    expect(
      commissionCents({ amountCents: 0, enterprise: false, qualifiedAt, paidAt: qualifiedAt }),
    ).toBe(0);
  });

  it('pays 15 % on enterprise sales', () => {
    const at = day('2026-01-01');
    expect(
      commissionCents({ amountCents: 100_000, enterprise: true, qualifiedAt: at, paidAt: at }),
    ).toBe(15_000);
  });

  it('owes a €50 bonus per 5 referrals with 3 months of usage', () => {
    expect(BONUS_CENTS).toBe(5_000);
    const now = day('2026-11-25');
    const seasoned = Array.from({ length: 5 }, () => day('2026-08-01'));
    expect(bonusesOwed(seasoned, now, 0)).toBe(1);
    expect(bonusesOwed(seasoned, now, 1)).toBe(0);
    expect(bonusesOwed(seasoned.slice(0, 4), now, 0)).toBe(0);
    const recent = [...seasoned.slice(0, 4), day('2026-11-01')];
    expect(bonusesOwed(recent, now, 0)).toBe(0);
    expect(bonusesOwed([...seasoned, ...seasoned], now, 1)).toBe(1);
  });

  it('owes a €500 bonus per 3 enterprise sales', () => {
    expect(ENTERPRISE_BONUS_CENTS).toBe(50_000);
    expect(enterpriseBonusesOwed(2, 0)).toBe(0);
    expect(enterpriseBonusesOwed(3, 0)).toBe(1);
    expect(enterpriseBonusesOwed(6, 1)).toBe(1);
  });

  it('reverses a commission with its negative', () => {
    expect(reversalCents(200)).toBe(-200);
  });
});
