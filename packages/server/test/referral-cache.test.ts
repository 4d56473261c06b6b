import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { REFERRALS_CHANNEL } from '../src/modules/billing/referral-cache.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { BILLING_SECRET } from './helpers/billing-app.ts';
import { paymentEvent, postEvent } from './helpers/billing.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

const NOW = new Date('2026-11-25T12:00:00Z');
const ENV = {
  PAYMENTS_OFFLINE_SECRET: BILLING_SECRET,
  RATE_LIMIT_SCALE: '1000',
  REFERRAL_CACHE: 'on',
};

type Referrals = {
  code: string;
  referred: number;
  qualified: number;
  earned_cents: number;
  ledger: { kind: string; amount_cents: number }[];
};

/**
 * Each API process keeps users' referral pages in memory (REFERRAL_CACHE=on), so
 * `/payment/referrals` no longer reads the database on every call, and a change shows in the next
 * call of any process: a ledger entry written by a payment through either process at once (the
 * write waits until every listening process dropped the referrer's page), and any other change
 * (a sign-up with the code, SQL) as soon as the database's notice arrives.
 */
describe('referral pages kept in memory across two app instances on one database', () => {
  const clock = fixedClock(NOW);
  let a: TestApp;
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  let referrer: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ clock, env: ENV });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, { clock, env: ENV }));
    referrer = await registerUser(a.app);
  }, 120_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const page = async (app: FastifyInstance, user = referrer) => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/payment/referrals',
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Referrals>();
  };
  const stats = () => bServices.billing.referralCacheStats();
  const kinds = (mine: Referrals) => mine.ledger.map((entry) => [entry.kind, entry.amount_cents]);

  /** A user signed up with the referrer's code, known to the offline provider as a customer. */
  async function referredCustomer() {
    const user = await registerUser(a.app, { referral: referrer.user.share_referral_code });
    await a.database.db
      .updateTable('users')
      .set({ payment_customer_id: `cus_${user.user.id}` })
      .where('id', '=', user.user.id)
      .execute();
    return user;
  }

  it('answers from memory once B listens, and shows a payment through A at once', async () => {
    // B's first calls start its listener; once it listens the page is kept and reused.
    await waitFor(async () => {
      await page(b);
      return stats()?.listening === true && (stats()?.entries ?? 0) > 0;
    });
    const hitsBefore = stats()?.hits ?? 0;
    expect(await page(b)).toMatchObject({ referred: 0, qualified: 0, earned_cents: 0, ledger: [] });
    expect(stats()?.hits).toBe(hitsBefore + 1);

    // A sign-up with the code is announced by the users' trigger.
    const user = await referredCustomer();
    await waitFor(async () => (await page(b)).referred === 1);

    // A payment's ledger entries written through A: B's very next call shows them, no wait. The
    // ledger's trigger is off meanwhile, so only the write's own confirmation can have reached B.
    const ledgerTrigger = (on: boolean) =>
      sql`alter table referral_ledger ${sql.raw(on ? 'enable' : 'disable')}
        trigger referral_ledger_notify_change`.execute(a.database.db);
    await ledgerTrigger(false);
    try {
      const paid = await postEvent(
        a.app,
        BILLING_SECRET,
        paymentEvent(
          'invoice.paid',
          { id: `in_c_${user.user.id}`, customer: `cus_${user.user.id}`, amount_paid: 2900 },
          NOW,
        ),
        NOW,
      );
      expect(paid.statusCode, paid.body).toBe(200);
    } finally {
      await ledgerTrigger(true);
    }
    const mine = await page(b);
    expect(kinds(mine)).toEqual([
      ['free_month', 0],
      ['commission', 580],
    ]);
    expect(mine).toMatchObject({ referred: 1, qualified: 1, earned_cents: 580 });
    // The same answer from memory on the next call.
    const hits = stats()?.hits ?? 0;
    expect(await page(b)).toEqual(mine);
    expect(stats()?.hits).toBe(hits + 1);
  });

  it('drops a page changed by any other writer when the database announces it', async () => {
    await page(b);
    // The ledger changed by SQL.
    await sql`delete from referral_ledger where referrer_id = ${referrer.user.id}
      and kind = 'commission'`.execute(a.database.db);
    await waitFor(async () => (await page(b)).earned_cents === 0);
    expect(kinds(await page(b))).toEqual([['free_month', 0]]);

    // A referred user leaving the code, then deleted: the count follows.
    const other = await referredCustomer();
    await waitFor(async () => (await page(b)).referred === 2);
    await sql`update users set referred_by = null where id = ${other.user.id}`.execute(
      a.database.db,
    );
    await waitFor(async () => (await page(b)).referred === 1);
    const third = await referredCustomer();
    await waitFor(async () => (await page(b)).referred === 2);
    await sql`delete from users where id = ${third.user.id}`.execute(a.database.db);
    await waitFor(async () => (await page(b)).referred === 1);
  });

  it("announces a referral page's changes only, not every update of a user", async () => {
    const client = new pg.Client({ connectionString: a.database.url });
    await client.connect();
    const heard: string[] = [];
    client.on('notification', (message) => heard.push(message.payload ?? ''));
    try {
      await client.query(`listen ${REFERRALS_CHANNEL}`);
      const user = await referredCustomer();
      await waitFor(() => Promise.resolve(heard.includes(referrer.user.id)));
      heard.length = 0;
      // Updates that change no referral page, then a marker that does: notices arrive in commit
      // order, so once the marker is heard nothing else can still come from the updates before.
      await sql`update users set subscription = 'tier1_monthly', payment_customer_id = 'cus_x'
        where id = ${user.user.id}`.execute(a.database.db);
      await sql`update users set referred_by = referred_by where id = ${user.user.id}`.execute(
        a.database.db,
      );
      await sql`update users set share_referral_code = share_referral_code || 'X'
        where id = ${user.user.id}`.execute(a.database.db);
      await waitFor(() => Promise.resolve(heard.length > 0));
      expect(heard).toEqual([user.user.id]);
    } finally {
      await client.end();
    }
  });
});
