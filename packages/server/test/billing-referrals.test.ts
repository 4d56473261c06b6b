import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { TestApp } from './helpers/app.ts';
import { BILLING_SECRET, useOfflineBillingApp } from './helpers/billing-app.ts';
import { paymentEvent, postEvent } from './helpers/billing.ts';
import { grant, registerUser } from './helpers/factories.ts';

const SECRET = BILLING_SECRET;
const NOW = new Date('2026-11-25T12:00:00Z');
const DAY = 86_400_000;

/** Referrals, commissions and bonuses, then the admins' overview of what they and the payments left. */
describe('billing referrals with the offline provider', () => {
  const clock = fixedClock(NOW);
  const billing = useOfflineBillingApp(clock);
  const { get, status, checkout, pay } = billing;
  let t: TestApp;
  beforeAll(() => {
    t = billing.app();
  });

  describe('referrals', () => {
    it('records a referral at registration and qualifies it on the first verified payment', async () => {
      const referrer = await registerUser(t.app);
      await pay(await checkout(referrer, 'tier1_monthly'), '4242424242424242');
      const before = (await status(referrer)).current_period_end ?? 0;
      const referred = await registerUser(t.app, { referral: referrer.user.share_referral_code });
      let mine = (await get(referrer, '/api/payment/referrals')).json<{
        code: string;
        referred: number;
        qualified: number;
        earned_cents: number;
        ledger: { kind: string; amount_cents: number; description: string }[];
      }>();
      expect(mine).toMatchObject({
        code: referrer.user.share_referral_code,
        referred: 1,
        qualified: 0,
        earned_cents: 0,
      });

      await pay(await checkout(referred, 'tier2_monthly'), '4242424242424242');
      mine = (await get(referrer, '/api/payment/referrals')).json();
      expect(mine.qualified).toBe(1);
      expect(mine.ledger.map((e) => [e.kind, e.amount_cents])).toEqual([
        ['free_month', 0],
        ['commission', 200],
      ]);
      expect(mine.ledger[1]?.description).toContain('20 % commission');
      expect(mine.earned_cents).toBe(200);
      // The free month, offline: the referrer's period end moved by 30 days.
      expect((await status(referrer)).current_period_end).toBe(before + 30 * 86_400);
    });

    it('refuses an unknown referral code at registration', async () => {
      await expect(registerUser(t.app, { referral: 'NOPE-NOPE' })).rejects.toThrow(
        /Unknown referral code/,
      );
    });

    it('reverses the commission of a refunded payment, once', async () => {
      const referrer = await registerUser(t.app);
      const user = await registerUser(t.app, { referral: referrer.user.share_referral_code });
      const invoice = {
        id: `in_r_${user.user.id}`,
        customer: `cus_${user.user.id}`,
        amount_paid: 2900,
      };
      await t.database.db
        .updateTable('users')
        .set({ payment_customer_id: `cus_${user.user.id}` })
        .where('id', '=', user.user.id)
        .execute();
      await postEvent(t.app, SECRET, paymentEvent('invoice.paid', invoice, NOW), NOW);
      await postEvent(
        t.app,
        SECRET,
        paymentEvent('charge.refunded', { id: 'ch_1', invoice: invoice.id }, NOW),
        NOW,
      );
      await postEvent(
        t.app,
        SECRET,
        paymentEvent(
          'charge.dispute.created',
          { id: 'dp_1', metadata: { invoice: invoice.id } },
          NOW,
        ),
        NOW,
      );
      const mine = (await get(referrer, '/api/payment/referrals')).json<{
        earned_cents: number;
        ledger: { kind: string; amount_cents: number }[];
      }>();
      expect(mine.ledger.map((e) => [e.kind, e.amount_cents])).toEqual([
        ['free_month', 0],
        ['commission', 580],
        ['reversal', -580],
      ]);
      expect(mine.earned_cents).toBe(0);
    });

    it('pays a €50 bonus once 5 referrals have 3 months of usage, and enterprise bonuses after 3 sales', async () => {
      const referrer = await registerUser(t.app);
      const referred = [];
      for (let i = 0; i < 5; i += 1) {
        const user = await registerUser(t.app, { referral: referrer.user.share_referral_code });
        await t.database.db
          .updateTable('users')
          .set({ payment_customer_id: `cus_${user.user.id}` })
          .where('id', '=', user.user.id)
          .execute();
        referred.push(user);
        await postEvent(
          t.app,
          SECRET,
          paymentEvent(
            'invoice.paid',
            { id: `in_b_${user.user.id}`, customer: `cus_${user.user.id}`, amount_paid: 100 },
            NOW,
          ),
          NOW,
        );
      }
      // Read from the ledger itself: the clock moves past the session's lifetime below.
      const kinds = () =>
        t.database.db
          .selectFrom('referral_ledger')
          .select(['kind', 'amount_cents'])
          .where('referrer_id', '=', referrer.user.id)
          .orderBy('seq')
          .execute();
      expect((await kinds()).filter((e) => e.kind === 'bonus')).toEqual([]);
      const later = new Date(NOW.getTime() + 91 * DAY);
      try {
        clock.set(later);
        const user = referred[0]!;
        await postEvent(
          t.app,
          SECRET,
          paymentEvent(
            'invoice.paid',
            { id: `in_b2_${user.user.id}`, customer: `cus_${user.user.id}`, amount_paid: 100 },
            later,
          ),
          later,
        );
        expect(
          (await kinds()).filter((e) => e.kind === 'bonus').map((e) => e.amount_cents),
        ).toEqual([5000]);
        for (let i = 0; i < 3; i += 1) {
          await postEvent(
            t.app,
            SECRET,
            paymentEvent(
              'invoice.paid',
              {
                id: `in_ent_${i}_${user.user.id}`,
                customer: `cus_${user.user.id}`,
                amount_paid: 100_000,
                metadata: { plan: 'enterprise' },
              },
              later,
            ),
            later,
          );
        }
        const ledger = await kinds();
        expect(
          ledger.filter((e) => e.kind === 'commission' && e.amount_cents === 15_000),
        ).toHaveLength(3);
        expect(ledger.filter((e) => e.kind === 'bonus').map((e) => e.amount_cents)).toEqual([
          5000, 50_000,
        ]);
      } finally {
        clock.set(NOW);
      }
    });
  });

  it('shows admins subscriptions, events, failed webhooks and ledger totals', async () => {
    const admin = await registerUser(t.app);
    await grant(t.database.db, admin.user.id, { is_admin: true });
    const res = await get(admin, '/api/payment/admin/overview');
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json<{
      provider: string;
      subscriptions: { plan: string; status: string; count: number }[];
      events: { type: string; processed: number | null }[];
      failed_events: unknown[];
      ledger_totals: { kind: string; entries: number; amount_cents: number }[];
      cancel_feedback: unknown[];
    }>();
    expect(view.provider).toBe('offline');
    expect(
      view.subscriptions.find((r) => r.plan === 'tier2_monthly' && r.status === 'active')?.count,
    ).toBeGreaterThan(0);
    expect(view.events.length).toBeGreaterThan(0);
    expect(view.events.every((e) => e.processed !== null)).toBe(true);
    expect(view.failed_events).toEqual([]);
    expect(view.ledger_totals.map((r) => r.kind)).toContain('commission');
    const user = await registerUser(t.app);
    expect((await get(user, '/api/payment/admin/overview')).statusCode).toBe(403);
    // The view is kept a few seconds per process, but an event this process received shows at once.
    const latest = new Date('2027-06-01T12:00:00Z');
    const event = paymentEvent('customer.updated', { id: `cus_${user.user.id}` }, latest);
    clock.set(latest);
    try {
      await postEvent(t.app, SECRET, event, latest);
    } finally {
      clock.set(NOW);
    }
    const next = (await get(admin, '/api/payment/admin/overview')).json<{
      events: { id: string }[];
    }>();
    expect(next.events[0]?.id).toBe(event.id);
  });
});
