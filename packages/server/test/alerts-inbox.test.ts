import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';

const NOW = new Date('2026-11-24T15:00:00Z');
const WATCHED = 'NASDAQ:AAPL';

type Mine = {
  alerts: {
    id: string;
    kind: 'instant' | 'rule';
    link: string;
    article_id: string | null;
    title: string;
    defcon_level: number | null;
    symbols: string[];
    created_at: number;
    unread: boolean;
  }[];
  unread: number;
  has_more: boolean;
  instant: boolean;
};

/** The alerts bell — the caller's own alerts, the unread count, "seen up to". */
describe('the alerts bell: GET /alerts/mine and POST /alerts/mine/seen', () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);
  let reader: TestUser;
  let other: TestUser;
  let free: TestUser;
  let seq = 0;

  async function article(defcon: number) {
    seq += 1;
    const row = await t.database.db
      .insertInto('news')
      .values({
        link: `https://wire.example/bell-${String(seq)}`,
        guid: `bell-${String(seq)}`,
        title: `Bell headline ${String(seq)}`,
        creation_date: new Date(NOW.getTime() - 2 * 3_600_000),
        sentiment_score: [-6],
        related_exchange_tickers: [WATCHED],
        status: 'PROCESSED',
        no_bullshit: `Plain words ${String(seq)}.`,
        AI: JSON.stringify({ title: `Bell AI title ${String(seq)}`, defcon_level: defcon }),
        source: 'test',
        updated_at: clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** One story analysed and fanned out one minute after the last. */
  async function alertStory(defcon = 2) {
    clock.set(new Date(clock.now().getTime() + 60_000));
    const id = await article(defcon);
    await services.alerts.fanOut(new Date(clock.now().getTime() - 1_000));
    return id;
  }

  const mine = async (user: TestUser, query = '') => {
    const res = await t.app.inject({
      url: `/api/alerts/mine${query}`,
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Mine>();
  };
  const seen = (user: TestUser, upTo: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/alerts/mine/seen',
      headers: bearer(user.token),
      payload: { up_to: upTo },
    });

  beforeAll(async () => {
    t = await buildTestApp({ demoCompanies: true, clock });
    services = jobDeps(t.database.db, {}, { clock }).services;
    reader = await registerUser(t.app);
    other = await registerUser(t.app);
    free = await registerUser(t.app);
    for (const user of [reader, other, free]) {
      await grant(t.database.db, user.user.id, { is_email_validated: true });
      await t.database.db
        .updateTable('users')
        .set({
          my_instant_alerts: true,
          subscription: user === free ? '' : 'tier3_monthly',
          subscription_status: user === free ? '' : 'active',
          // A Telegram row besides the e-mail one: still one alert in the list.
          my_telegram_chat_id: user === reader ? '4242' : '',
        })
        .where('id', '=', user.user.id)
        .execute();
      const res = await t.app.inject({
        url: `/api/ticker/user/watchlist/append/default/${WATCHED}`,
        headers: bearer(user.token),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 60_000);

  afterAll(async () => {
    await t.close();
  });

  beforeEach(async () => {
    await t.database.db.deleteFrom('deliveries').execute();
    await t.database.db.deleteFrom('alert_reads').execute();
  });

  it("lists the caller's own alerts newest first, one per story, and counts the unread", async () => {
    const first = await alertStory(2);
    const second = await alertStory(1);
    await alertStory(4); // no alert

    const page = await mine(reader);
    expect(page.alerts.map((a) => a.article_id)).toEqual([second, first]);
    expect(page.alerts[0]).toMatchObject({
      title: `Bell AI title ${String(seq - 1)}`,
      defcon_level: 1,
      symbols: [WATCHED],
      unread: true,
      created_at: Math.floor(clock.now().getTime() / 1000) - 60,
    });
    expect(page).toMatchObject({ unread: 2, has_more: false, instant: true });

    // Paged: one at a time.
    const one = await mine(reader, '?limit=1');
    expect(one.alerts.map((a) => a.article_id)).toEqual([second]);
    expect(one.has_more).toBe(true);
    const next = await mine(reader, '?skip=1&limit=1');
    expect(next.alerts.map((a) => a.article_id)).toEqual([first]);
    expect(next.has_more).toBe(false);
  });

  it("lists the in-app alerts of the caller's own rules beside the instant ones, with their link", async () => {
    const story = await alertStory(2);
    const create = async (rule: object) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/rules',
        headers: bearer(reader.token),
        payload: rule,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ rule: { id: string } }>().rule.id;
    };
    const quote = async (price: number) => {
      const values = {
        exchange_ticker: WATCHED,
        price,
        previous_close: 100,
        open: 100,
        day_low: Math.min(price, 100),
        day_high: Math.max(price, 100),
        change: price - 100,
        change_pct: price - 100,
        currency: 'USD',
        source: 'demo',
        as_of: clock.now(),
      };
      await t.database.db
        .insertInto('quote_snapshots')
        .values(values)
        .onConflict((oc) => oc.column('exchange_ticker').doUpdateSet(values))
        .execute();
    };
    const inApp = await create({
      kind: 'price_above',
      scope: 'symbol',
      symbol: WATCHED,
      threshold: 105,
      channels: ['in_app', 'email'],
    });
    // A rule that only mails is not in the bell.
    const mailOnly = await create({
      kind: 'price_above',
      scope: 'symbol',
      symbol: WATCHED,
      threshold: 104,
      channels: ['email'],
    });
    await quote(100);
    await services.alertRules.evaluateQuotes([WATCHED]);
    clock.set(new Date(clock.now().getTime() + 60_000));
    await quote(106);
    expect((await services.alertRules.evaluateQuotes([WATCHED])).fired).toBe(2);

    const page = await mine(reader);
    expect(page.alerts).toHaveLength(2);
    expect(page.alerts[0]).toMatchObject({
      kind: 'rule',
      link: `/ticker/${encodeURIComponent(WATCHED)}`,
      article_id: null,
      title: `${WATCHED} rose to 106.00, above your level of 105.00`,
      defcon_level: null,
      symbols: [WATCHED],
      unread: true,
    });
    expect(page.alerts[1]).toMatchObject({
      kind: 'instant',
      link: `/news/view?id=${story}`,
      article_id: story,
    });
    expect(page.unread).toBe(2);
    // Seen up to the rule's alert: both are read.
    const res = await seen(reader, page.alerts[0]?.id ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ unread: number }>().unread).toBe(0);
    // Another user's bell stays empty of the reader's rules.
    expect((await mine(other)).alerts.filter((a) => a.kind === 'rule')).toEqual([]);
    for (const id of [inApp, mailOnly]) {
      await t.app.inject({
        method: 'POST',
        url: `/api/alerts/rules/${id}/delete`,
        headers: bearer(reader.token),
      });
    }
  });

  it("never shows another user's alerts, and a plan without instant alerts gets none", async () => {
    await alertStory(2);
    const own = await mine(other);
    expect(own.alerts).toHaveLength(1);
    const readerIds = (await mine(reader)).alerts.map((a) => a.id);
    expect(readerIds.some((id) => own.alerts.some((a) => a.id === id))).toBe(false);

    // The free plan lacks instant alerts: the fan-out wrote none for that user (as the toasts).
    const none = await mine(free);
    expect(none).toMatchObject({ alerts: [], unread: 0, instant: false });

    // Marking another user's alert read: 404, and their count is unchanged.
    const res = await seen(reader, own.alerts[0]?.id ?? '');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', error_msg: 'No such alert of yours.' });
    expect((await mine(other)).unread).toBe(1);
  });

  it('marks read up to an alert, idempotently and never backwards', async () => {
    await alertStory(2);
    await alertStory(2);
    await alertStory(1);
    const page = await mine(reader);
    const [newest, middle, oldest] = page.alerts;
    expect(page.unread).toBe(3);

    const res = await seen(reader, middle?.id ?? '');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', unread: 1 });
    expect((await seen(reader, middle?.id ?? '')).json()).toEqual({ status: 'success', unread: 1 });
    // An older alert does not move the watermark back.
    expect((await seen(reader, oldest?.id ?? '')).json()).toEqual({
      status: 'success',
      unread: 1,
    });
    const after = await mine(reader);
    expect(after.alerts.map((a) => a.unread)).toEqual([true, false, false]);

    // A new alert after "seen": unread again.
    await alertStory(2);
    expect((await mine(reader)).unread).toBe(2);
    expect((await seen(reader, newest?.id ?? '')).json()).toEqual({ status: 'success', unread: 1 });
    // One watermark per user, not a row per alert.
    const reads = await t.database.db.selectFrom('alert_reads').selectAll().execute();
    expect(reads).toHaveLength(1);
  });

  it('answers 400 with error_msg for bad input and 401 for visitors', async () => {
    for (const query of ['?limit=0', '?limit=51', '?skip=-1', '?limit=abc', '?page=2']) {
      const res = await t.app.inject({
        url: `/api/alerts/mine${query}`,
        headers: bearer(reader.token),
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ status: string; error_msg: string }>().error_msg).toBeTruthy();
    }
    for (const payload of [{}, { up_to: 'not-an-id' }, { up_to: 42 }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/alerts/mine/seen',
        headers: bearer(reader.token),
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error' });
    }
    const visitor = await t.app.inject({ url: '/api/alerts/mine' });
    expect(visitor.statusCode).toBe(401);
  });

  it('is documented in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const doc = res.json<{
      paths: Record<
        string,
        { get?: { parameters?: { name: string }[] }; post?: { requestBody?: unknown } }
      >;
    }>();
    expect(doc.paths['/api/alerts/mine']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['skip', 'limit']),
    );
    expect(doc.paths['/api/alerts/mine/seen']?.post?.requestBody).toBeTruthy();
  });
});
