import { describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { BILLING_SECRET, useOfflineBillingApp } from './helpers/billing-app.ts';
import { paymentEvent, postEvent } from './helpers/billing.ts';
import { registerUser } from './helpers/factories.ts';

const NOW = new Date('2026-11-25T12:00:00Z');

describe('a verified payment event is validated field by field', () => {
  const billing = useOfflineBillingApp(fixedClock(NOW));
  const { errorOf } = billing;

  const subscription = (userId: string) => ({
    id: `sub_${userId}`,
    customer: `cus_${userId}`,
    status: 'active',
    cancel_at_period_end: false,
    current_period_end: Math.floor(NOW.getTime() / 1000) + 30 * 86_400,
    metadata: { user_id: userId, plan: 'tier1_monthly' },
  });

  it('answers 400 to malformed events, stores each for the admin and changes nothing', async () => {
    const t = billing.app();
    const user = await registerUser(t.app);
    const good = paymentEvent('customer.subscription.created', subscription(user.user.id), NOW);
    const cases: [string, string][] = [
      ['created 1e300', JSON.stringify({ ...good, id: 'evt_huge_created', created: 1e300 })],
      ['created -5', JSON.stringify({ ...good, id: 'evt_negative_created', created: -5 })],
      ['created 1.5', JSON.stringify({ ...good, id: 'evt_fraction_created', created: 1.5 })],
      ['a long id', JSON.stringify({ ...good, id: `evt_${'x'.repeat(5_000)}` })],
      ['no id', JSON.stringify({ ...good, id: undefined })],
      ['a NUL in the id', JSON.stringify({ ...good, id: 'evt_a\u0000b' })],
      [
        'a long customer id',
        JSON.stringify({
          ...good,
          id: 'evt_long_customer',
          data: { object: { ...subscription(user.user.id), customer: 'c'.repeat(2_000) } },
        }),
      ],
      [
        'a period end of 1e300',
        JSON.stringify({
          ...good,
          id: 'evt_huge_period',
          data: { object: { ...subscription(user.user.id), current_period_end: 1e300 } },
        }),
      ],
      ['data not an object', JSON.stringify({ ...good, id: 'evt_no_data', data: 'x' })],
    ];
    for (const [name, body] of cases) {
      const res = await postEvent(t.app, BILLING_SECRET, good, NOW, body);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
      expect(errorOf(res), name).toMatch(/^Invalid event: /);
    }
    const state = await billing.status(user);
    expect(state.subscription).not.toBe('tier1_monthly');

    const admin = await t.database.db
      .selectFrom('billing_events')
      .select(['id', 'type', 'error', 'processed_at'])
      .where('error', 'like', 'Invalid event:%')
      .execute();
    expect(admin).toHaveLength(cases.length);
    expect(admin.every((row) => row.processed_at === null && row.id.length <= 255)).toBe(true);

    // The same malformed delivery again is stored once.
    const [, first] = cases[0] ?? ['', ''];
    expect((await postEvent(t.app, BILLING_SECRET, good, NOW, first)).statusCode).toBe(400);
    const again = await t.database.db
      .selectFrom('billing_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('error', 'like', 'Invalid event:%')
      .executeTakeFirstOrThrow();
    expect(Number(again.n)).toBe(cases.length);

    const accepted = await postEvent(t.app, BILLING_SECRET, good, NOW);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await billing.status(user)).subscription).toBe('tier1_monthly');
  });
});
