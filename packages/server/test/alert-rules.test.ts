import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { startSmtpServer } from './helpers/smtp.ts';

const NOW = new Date('2026-11-24T15:00:00Z'); // a Tuesday, 10:00 in New York
const DAY = '2026-11-24';
const AAPL = 'NASDAQ:AAPL';
const MSFT = 'NASDAQ:MSFT';
const NVDA = 'NASDAQ:NVDA';
const JPM = 'NYSE:JPM';
const STORY = '6f1d3c1e-8d4b-4c55-9a77-2f0e4b1a9c01';

type RuleBody = { status: string; rule: { id: string; status: string; fire_count: number } };
type ErrorBody = { status: string; error_msg: string };

describe('alert rules users set', () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);
  let ada: TestUser;
  let bob: TestUser;
  let seq = 0;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  const db = () => t.database.db;
  const post = (user: TestUser, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(user.token), payload });
  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
  const create = async (user: TestUser, rule: Record<string, unknown>) => {
    const res = await post(user, '/alerts/rules', { channels: ['in_app', 'email'], ...rule });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<RuleBody>().rule;
  };
  const remove = (user: TestUser, id: string) => post(user, `/alerts/rules/${id}/delete`);

  /** The latest quote of a symbol (its change from the previous close follows). */
  async function quote(symbol: string, price: number, previousClose = 100) {
    const values = {
      exchange_ticker: symbol,
      price,
      previous_close: previousClose,
      open: previousClose,
      day_low: Math.min(price, previousClose),
      day_high: Math.max(price, previousClose),
      change: price - previousClose,
      change_pct: ((price - previousClose) / previousClose) * 100,
      currency: 'USD',
      source: 'demo',
      as_of: clock.now(),
    };
    await db()
      .insertInto('quote_snapshots')
      .values(values)
      .onConflict((oc) => oc.column('exchange_ticker').doUpdateSet(values))
      .execute();
  }

  /** Daily bars from `days` days before DAY to DAY (the last one with `lastVolume`). */
  async function bars(symbol: string, days: number, high: number, low: number, lastVolume: number) {
    const byMonth = new Map<string, { d: string; v: number }[]>();
    for (let i = days; i >= 0; i -= 1) {
      const d = new Date(Date.parse(`${DAY}T00:00:00Z`) - i * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const month = `${d.slice(0, 7)}-01`;
      byMonth.set(month, [...(byMonth.get(month) ?? []), { d, v: i === 0 ? lastVolume : 1_000 }]);
    }
    await db().deleteFrom('price_series').where('exchange_ticker', '=', symbol).execute();
    for (const [month, rows] of byMonth) {
      await db()
        .insertInto('price_series')
        .values({
          exchange_ticker: symbol,
          month,
          days: rows.map((r) => r.d),
          open: rows.map(() => (high + low) / 2),
          high: rows.map(() => high),
          low: rows.map(() => low),
          close: rows.map(() => (high + low) / 2),
          volume: rows.map((r) => r.v),
        })
        .execute();
    }
  }

  async function article(
    title: string,
    symbols: string[],
    options: { estimated?: boolean; story?: string } = {},
  ) {
    seq += 1;
    await db()
      .insertInto('news')
      .values({
        link: `https://wire.example/rule-${String(seq)}`,
        guid: `rule-${String(seq)}`,
        title,
        creation_date: new Date(clock.now().getTime() - 3_600_000),
        sentiment_score: [6],
        related_exchange_tickers: symbols,
        status: 'PROCESSED',
        AI: JSON.stringify({ title, sentiment: 'bullish', defcon_level: 2 }),
        source: 'test',
        updated_at: clock.now(),
        date_estimated: options.estimated ?? false,
        ...(options.story && { story_id: options.story }),
      })
      .execute();
  }

  const evaluate = (symbols: string[]) => services.alertRules.evaluateQuotes(symbols);
  const evaluateArticles = () =>
    services.alertRules.evaluateArticles(new Date(clock.now().getTime() - 60_000), clock.now());
  const firingsOf = async (user: TestUser) =>
    (await get(user, '/alerts/rules/history')).json<{ firings: { text: string; link: string }[] }>()
      .firings;
  const deliveriesOf = (user: TestUser) =>
    db()
      .selectFrom('deliveries')
      .select(['channel', 'kind', 'payload'])
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'rule')
      .execute();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'https://stockpulse.test' };
    t = await buildTestApp({ env, demoCompanies: true, clock });
    services = jobDeps(t.database.db, env, { clock }).services;
    ada = await registerUser(t.app);
    bob = await registerUser(t.app);
    for (const user of [ada, bob]) {
      await grant(db(), user.user.id, { is_email_validated: true });
      await db()
        .updateTable('users')
        .set({ subscription: 'tier3_monthly', subscription_status: 'active' })
        .where('id', '=', user.user.id)
        .execute();
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A new member on the top plan with a validated address. */
  async function member() {
    const user = await registerUser(t.app);
    await grant(db(), user.user.id, { is_email_validated: true });
    await db()
      .updateTable('users')
      .set({ subscription: 'tier3_monthly', subscription_status: 'active' })
      .where('id', '=', user.user.id)
      .execute();
    return user;
  }

  const saveSettings = async (user: TestUser, settings: object) => {
    const res = await post(user, '/alerts/settings', settings);
    expect(res.statusCode, res.body).toBe(200);
  };

  const ruleDeliveries = (user: TestUser) =>
    db()
      .selectFrom('deliveries')
      .select(['channel', 'due_at', 'status', 'last_error', 'key'])
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'rule')
      .orderBy('channel')
      .execute();

  it('refuses bad rules with a message naming the field, NUL bytes included', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ kind: 'price_above', scope: 'symbol', symbol: AAPL }, /threshold/],
      [
        { kind: 'price_above', scope: 'watchlist', watchlist: 'default', threshold: 5 },
        /one symbol/,
      ],
      [{ kind: 'day_move', scope: 'any', threshold: 5 }, /keyword/],
      [{ kind: 'keyword', scope: 'any', keyword: 'fda\u0000approval' }, /NUL/],
      [{ kind: 'nonsense', scope: 'any' }, /kind/],
      [{ kind: 'keyword', scope: 'any', keyword: 'merger', channels: [] }, /channel/],
      [{ kind: 'keyword', scope: 'any', keyword: 'merger', cooldown_minutes: 1 }, /cool-down/],
    ];
    for (const [body, message] of cases) {
      const res = await post(ada, '/alerts/rules', { channels: ['in_app'], ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json<ErrorBody>().error_msg).toMatch(message);
    }
    expect((await post(ada, '/alerts/rules/not-a-uuid/pause', { paused: true })).statusCode).toBe(
      400,
    );
  });

  it('keeps each rule to its owner: another user gets 404 on edit, pause and delete', async () => {
    const rule = await create(ada, { kind: 'high_52w', scope: 'symbol', symbol: JPM });
    const body = { kind: 'low_52w', scope: 'symbol', symbol: JPM, channels: ['in_app'] };
    expect((await post(bob, `/alerts/rules/${rule.id}`, body)).statusCode).toBe(404);
    expect((await post(bob, `/alerts/rules/${rule.id}/pause`, { paused: true })).statusCode).toBe(
      404,
    );
    expect((await remove(bob, rule.id)).statusCode).toBe(404);
    expect((await get(bob, '/alerts/rules')).json<{ rules: unknown[] }>().rules).toEqual([]);
    const paused = await post(ada, `/alerts/rules/${rule.id}/pause`, { paused: true });
    expect(paused.json<RuleBody>().rule.status).toBe('paused');
    const edited = await post(ada, `/alerts/rules/${rule.id}`, body);
    expect(edited.json<RuleBody>().rule).toMatchObject({ status: 'active' });
    expect((await remove(ada, rule.id)).json()).toEqual({ status: 'success', id: rule.id });
    expect((await get(ada, '/alerts/rules')).json<{ rules: unknown[] }>().rules).toEqual([]);
  });

  it('limits the free plan to 5 rules with the upgrade message', async () => {
    const free = await registerUser(t.app);
    for (let i = 0; i < 5; i += 1) {
      await create(free, { kind: 'keyword', scope: 'any', keyword: `word${String(i)}` });
    }
    const sixth = await post(free, '/alerts/rules', {
      kind: 'keyword',
      scope: 'any',
      keyword: 'one more',
      channels: ['in_app'],
    });
    expect(sixth.statusCode).toBe(403);
    expect(sixth.json<ErrorBody>().error_msg).toBe(
      'Your free plan allows 5 alert rules. Upgrade to set more.',
    );
    expect((await get(free, '/alerts/rules')).json<{ limit: unknown }>().limit).toEqual({
      used: 5,
      max: 5,
      plan: 'free',
    });
  });

  it('fires a price level once per crossing, with hysteresis and the cool-down', async () => {
    await quote(AAPL, 100);
    const rule = await create(ada, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AAPL,
      threshold: 105,
    });
    expect((await evaluate([AAPL])).fired).toBe(0);
    await quote(AAPL, 106);
    expect((await evaluate([AAPL])).fired).toBe(1);
    const firings = await firingsOf(ada);
    expect(firings[0]).toMatchObject({
      text: `${AAPL} rose to 106.00, above your level of 105.00`,
      link: `/ticker/${encodeURIComponent(AAPL)}`,
    });
    expect((await deliveriesOf(ada)).map((d) => d.channel).sort()).toEqual(['email', 'in_app']);
    // Hovering above, or dipping less than the hysteresis below, is the same crossing.
    await quote(AAPL, 106.5);
    expect((await evaluate([AAPL])).fired).toBe(0);
    await quote(AAPL, 104.9);
    await evaluate([AAPL]);
    await quote(AAPL, 105.5);
    expect((await evaluate([AAPL])).fired).toBe(0);
    // Back well below, then above again: a new crossing, but within the day's cool-down.
    await quote(AAPL, 103);
    await evaluate([AAPL]);
    await quote(AAPL, 106);
    expect((await evaluate([AAPL])).fired).toBe(0);
    // A day later the next crossing fires.
    clock.set(new Date(NOW.getTime() + 25 * 3_600_000));
    await quote(AAPL, 103);
    await evaluate([AAPL]);
    await quote(AAPL, 106);
    expect((await evaluate([AAPL])).fired).toBe(1);
    clock.set(NOW);
    await remove(ada, rule.id);
  });

  it('evaluates the levels a quote reached and the conditions that held: every crossing fires', async () => {
    const AMD = 'NASDAQ:AMD';
    const INTC = 'NASDAQ:INTC';
    await quote(AMD, 100);
    const level = (threshold: number) =>
      create(ada, {
        kind: 'price_above',
        scope: 'symbol',
        symbol: AMD,
        threshold,
        cooldown_minutes: 5,
      });
    const low = await level(101);
    const middle = await level(103);
    const high = await level(110);
    const firedOn = async () =>
      (
        await db()
          .selectFrom('alert_rule_firings')
          .select('rule_id')
          .where('user_id', '=', ada.user.id)
          .where('symbol', '=', AMD)
          .execute()
      ).map((f) => f.rule_id);
    expect((await evaluate([AMD])).fired).toBe(0);
    // 102 crosses the level 101 only; 104 crosses 103, and 101 (still held) does not fire again.
    await quote(AMD, 102);
    expect((await evaluate([AMD])).fired).toBe(1);
    expect(await firedOn()).toEqual([low.id]);
    await quote(AMD, 104);
    expect((await evaluate([AMD])).fired).toBe(1);
    expect((await firedOn()).sort()).toEqual([low.id, middle.id].sort());
    // Only conditions that held are remembered; the level 110 was never reached.
    const marks = await db()
      .selectFrom('alert_rule_marks')
      .select(['rule_id', 'holds'])
      .where('symbol', '=', AMD)
      .execute();
    expect(
      marks
        .filter((m) => m.holds)
        .map((m) => m.rule_id)
        .sort(),
    ).toEqual([low.id, middle.id].sort());
    expect(marks.some((m) => m.rule_id === high.id)).toBe(false);
    // A rule added between two refreshes, already past its level, fires at the next one; so
    // does one edited to a level the price is past.
    const added = await level(90);
    const edited = await post(ada, `/alerts/rules/${high.id}`, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AMD,
      threshold: 104,
      cooldown_minutes: 5,
      channels: ['in_app'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await evaluate([AMD])).fired).toBe(2);
    expect(await firedOn()).toHaveLength(4);
    // Back well below every level, the held conditions are let go: after the cool-down, the
    // next rise crosses each level again.
    await quote(AMD, 85);
    expect((await evaluate([AMD])).fired).toBe(0);
    clock.set(new Date(NOW.getTime() + 10 * 60_000));
    await quote(AMD, 104.5);
    expect((await evaluate([AMD])).fired).toBe(4);
    clock.set(NOW);
    // A symbol that moved before it joined the watchlist fires the list's rule at the next
    // refresh, its quote unchanged.
    const move = await create(ada, {
      kind: 'day_move',
      scope: 'watchlist',
      watchlist: 'chips',
      threshold: 2,
    });
    expect((await get(ada, `/ticker/user/watchlist/append/chips/${AMD}`)).statusCode).toBe(200);
    await quote(INTC, 103);
    expect((await evaluate([INTC])).fired).toBe(0);
    expect((await get(ada, `/ticker/user/watchlist/append/chips/${INTC}`)).statusCode).toBe(200);
    expect((await evaluate([INTC])).fired).toBe(1);
    for (const id of [low.id, middle.id, high.id, added.id, move.id]) await remove(ada, id);
  });

  it('switches a once rule off after it fired (price below)', async () => {
    await quote(MSFT, 100);
    const rule = await create(ada, {
      kind: 'price_below',
      scope: 'symbol',
      symbol: MSFT,
      threshold: 95,
      repeat: false,
    });
    await quote(MSFT, 94);
    expect((await evaluate([MSFT])).fired).toBe(1);
    const listed = (await get(ada, '/alerts/rules')).json<{
      rules: { id: string; status: string; fire_count: number }[];
    }>();
    expect(listed.rules.find((r) => r.id === rule.id)).toMatchObject({
      status: 'done',
      fire_count: 1,
    });
    await quote(MSFT, 100);
    await evaluate([MSFT]);
    await quote(MSFT, 90);
    expect((await evaluate([MSFT])).fired).toBe(0);
    await remove(ada, rule.id);
  });

  it('fires a day move on a watchlist once a day, in the chosen direction', async () => {
    expect((await get(bob, `/ticker/user/watchlist/append/tech/${NVDA}`)).statusCode).toBe(200);
    const down = await create(bob, {
      kind: 'day_move',
      scope: 'watchlist',
      watchlist: 'tech',
      threshold: 5,
      direction: 'down',
    });
    const either = await create(bob, {
      kind: 'day_move',
      scope: 'watchlist',
      watchlist: 'tech',
      threshold: 5,
    });
    await quote(NVDA, 106);
    expect((await evaluate([NVDA])).fired).toBe(1);
    await quote(NVDA, 107);
    expect((await evaluate([NVDA])).fired).toBe(0);
    const texts = (await firingsOf(bob)).map((f) => f.text);
    expect(texts).toEqual([`${NVDA} moved +6.00 % today (your threshold: 5 %), at 106.00`]);
    await remove(bob, down.id);
    await remove(bob, either.id);
  });

  it('fires new 52-week highs and lows only with a year of history', async () => {
    await bars(JPM, 400, 120, 80, 1_000);
    const high = await create(ada, { kind: 'high_52w', scope: 'symbol', symbol: JPM });
    const low = await create(ada, { kind: 'low_52w', scope: 'symbol', symbol: JPM });
    await quote(JPM, 110);
    expect((await evaluate([JPM])).fired).toBe(0);
    await quote(JPM, 121);
    expect((await evaluate([JPM])).fired).toBe(1);
    await quote(JPM, 79);
    expect((await evaluate([JPM])).fired).toBe(1);
    // A listing with a few weeks of bars has no 52-week range: unknown, so nothing fires.
    await bars(MSFT, 30, 120, 80, 1_000);
    const young = await create(ada, { kind: 'high_52w', scope: 'symbol', symbol: MSFT });
    await quote(MSFT, 200);
    expect((await evaluate([MSFT])).fired).toBe(0);
    for (const rule of [high, low, young]) await remove(ada, rule.id);
  });

  it('fires a volume spike against the 50-session average once the day’s bar is stored', async () => {
    await bars(JPM, 60, 120, 80, 2_500);
    const spike = await create(ada, {
      kind: 'volume_spike',
      scope: 'symbol',
      symbol: JPM,
      threshold: 3,
    });
    await quote(JPM, 100);
    expect((await evaluate([JPM])).fired).toBe(0);
    await bars(JPM, 60, 120, 80, 3_500);
    expect((await evaluate([JPM])).fired).toBe(1);
    expect((await firingsOf(ada)).map((f) => f.text)).toContain(
      `${JPM} traded 3.5 × its 50-day average volume (your threshold: 3 ×)`,
    );
    await remove(ada, spike.id);
  });

  it('fires a rule on the holdings only for symbols still held', async () => {
    const holder = await registerUser(t.app);
    await post(holder, '/portfolio/create', { name: 'main' });
    const buy = await post(holder, '/portfolio/transactions/create', {
      portfolio: 'main',
      type: 'buy',
      symbol: AAPL,
      date: '2026-11-02',
      quantity: 3,
      price: 100,
    });
    expect(buy.statusCode, buy.body).toBe(200);
    await create(holder, { kind: 'day_move', scope: 'holdings', threshold: 2 });
    await quote(AAPL, 110);
    await quote(MSFT, 110);
    await evaluate([AAPL, MSFT]);
    expect((await firingsOf(holder)).map((f) => f.text)).toEqual([
      `${AAPL} moved +10.00 % today (your threshold: 2 %), at 110.00`,
    ]);
  });

  it('fires keyword rules on analysed articles: never an estimated date, never twice a story', async () => {
    const rule = await create(bob, {
      kind: 'keyword',
      scope: 'symbol',
      symbol: NVDA,
      keyword: 'FDA approval',
      sentiment: 'bullish',
      repeat: true,
      cooldown_minutes: 5,
    });
    await article('Chipmaker wins FDA approval for a medical AI', [NVDA], { estimated: true });
    await article('Bank wins FDA approval, oddly', [JPM]);
    expect((await evaluateArticles()).fired).toBe(0);
    await article('Nvidia wins FDA approval for imaging chips', [NVDA], { story: STORY });
    expect((await evaluateArticles()).fired).toBe(1);
    clock.set(new Date(NOW.getTime() + 3_600_000));
    await article('Nvidia FDA approval: another outlet', [NVDA], { story: STORY });
    expect((await evaluateArticles()).fired).toBe(0);
    const links = (await firingsOf(bob)).filter((f) => f.text.includes('FDA')).map((f) => f.link);
    expect(links).toHaveLength(1);
    expect(links[0]).toMatch(/^\/news\/view\?id=/);
    clock.set(NOW);
    await remove(bob, rule.id);
  });

  it('matches phrases as wires write them: hyphens, stop words, plurals, and in order only', async () => {
    clock.set(new Date(NOW.getTime() + 7_200_000));
    const phrases = ['long-term debt', 'cut in the dividend', 'FDA approvals', 'dividend cut'];
    const rules = [];
    for (const keyword of phrases)
      rules.push(await create(bob, { kind: 'keyword', scope: 'any', keyword }));
    await article('Acme to refinance its long-term debt after a rating cut', [JPM]);
    await article('Board votes for a cut in the dividend as cash flow slows', [MSFT]);
    await article('Regulator grants FDA approval to Zeta’s heart pump', [AAPL]);
    expect((await evaluateArticles()).fired).toBe(3);
    const texts = (await firingsOf(bob)).map((f) => f.text);
    const mine = texts.filter((text) => phrases.some((phrase) => text.startsWith(`“${phrase}”`)));
    expect(mine.sort()).toEqual([
      '“FDA approvals” in a new article: Regulator grants FDA approval to Zeta’s heart pump',
      '“cut in the dividend” in a new article: Board votes for a cut in the dividend as cash flow slows',
      '“long-term debt” in a new article: Acme to refinance its long-term debt after a rating cut',
    ]);
    clock.set(NOW);
    for (const rule of rules) await remove(bob, rule.id);
  });

  it("holds each user's rule e-mails until their own quiet hours end, the app's at once", async () => {
    const quiet = await member();
    const awake = await member();
    // 15:00 UTC is 16:00 in Oslo: quiet from 15 to 18 local, so the mail waits until 17:00 UTC.
    await saveSettings(quiet, {
      time_zone: 'Europe/Oslo',
      quiet_start: 15,
      quiet_end: 18,
      hourly_cap: 10,
    });
    await quote(NVDA, 100);
    for (const user of [quiet, awake]) {
      await create(user, { kind: 'price_above', scope: 'symbol', symbol: NVDA, threshold: 110 });
    }
    await evaluate([NVDA]);
    await quote(NVDA, 111);
    await evaluate([NVDA]);
    const due = async (user: TestUser) =>
      (await ruleDeliveries(user)).map((d) => `${d.channel}@${d.due_at.toISOString()}`);
    expect(await due(quiet)).toEqual([
      `email@${new Date('2026-11-24T17:00:00Z').toISOString()}`,
      `in_app@${NOW.toISOString()}`,
    ]);
    expect(await due(awake)).toEqual([`email@${NOW.toISOString()}`, `in_app@${NOW.toISOString()}`]);
  });

  it('fires the holdings rules of many owners in one evaluation, each on what it still holds', async () => {
    const owners = [await member(), await member()];
    for (const owner of owners) {
      await post(owner, '/portfolio/create', { name: 'main' });
      const buy = await post(owner, '/portfolio/transactions/create', {
        portfolio: 'main',
        type: 'buy',
        symbol: JPM,
        date: '2026-11-02',
        quantity: 2,
        price: 100,
      });
      expect(buy.statusCode, buy.body).toBe(200);
      await create(owner, { kind: 'day_move', scope: 'holdings', threshold: 5 });
    }
    const sold = await post(owners[1] as TestUser, '/portfolio/transactions/create', {
      portfolio: 'main',
      type: 'sell',
      symbol: JPM,
      date: '2026-11-03',
      quantity: 2,
      price: 101,
    });
    expect(sold.statusCode, sold.body).toBe(200);
    await quote(JPM, 100);
    await evaluate([JPM]);
    await quote(JPM, 110);
    await evaluate([JPM]);
    expect((await firingsOf(owners[0] as TestUser)).map((f) => f.text)).toEqual([
      `${JPM} moved +10.00 % today (your threshold: 5 %), at 110.00`,
    ]);
    expect(await firingsOf(owners[1] as TestUser)).toEqual([]);
  });

  it('fires a rule once when two workers evaluate the same quotes at once', async () => {
    const user = await member();
    await quote(MSFT, 100);
    const rule = await create(user, {
      kind: 'price_below',
      scope: 'symbol',
      symbol: MSFT,
      threshold: 90,
    });
    await evaluate([MSFT]);
    await quote(MSFT, 89);
    const [a, b] = await Promise.all([evaluate([MSFT]), evaluate([MSFT])]);
    expect(a.fired + b.fired).toBe(1);
    expect(await firingsOf(user)).toHaveLength(1);
    expect((await ruleDeliveries(user)).map((d) => d.channel)).toEqual(['email', 'in_app']);
    await remove(user, rule.id);
  });

  it("keeps the hourly cap on rule e-mails and stops one rule's e-mails in one click", async () => {
    const user = await member();
    await saveSettings(user, {
      time_zone: 'UTC',
      quiet_start: null,
      quiet_end: null,
      hourly_cap: 1,
    });
    await quote(AAPL, 100);
    const low = await create(user, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AAPL,
      threshold: 101,
      channels: ['email'],
    });
    const high = await create(user, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AAPL,
      threshold: 102,
      channels: ['email', 'push'],
    });
    await evaluate([AAPL]);
    await quote(AAPL, 103);
    await evaluate([AAPL]);
    smtp.mails.length = 0;
    await services.alerts.sendDue();
    const mails = smtp.mails.filter((m) => m.to.includes(user.email));
    expect(mails).toHaveLength(1);
    const outcomes = (await ruleDeliveries(user))
      .filter((d) => d.channel === 'email')
      .map((d) => `${d.status}:${d.last_error ?? ''}`)
      .sort();
    expect(outcomes).toEqual(['sent:', 'skipped:over the hourly cap of 1 alerts']);

    const mail = mails[0];
    expect(mail?.raw).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const link = /List-Unsubscribe: <([^>]+)>/.exec(mail?.raw.replace(/\r?\n\s+/g, ' ') ?? '')?.[1];
    expect(link).toMatch(/^https:\/\/stockpulse\.test\/api\/unsubscribe\?token=/);
    expect(mail?.text).toContain(`Stop the e-mails of this rule: ${link ?? ''}`);
    const url = new URL(link ?? '');
    const page = await t.app.inject({ url: url.pathname + url.search });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('e-mails of this alert rule');
    const done = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    // The mailed rule loses e-mail (one that only mailed shows in the app); the other keeps it.
    const mailed = mail?.text.includes('above your level of 101.00') ? low : high;
    const other = mailed === low ? high : low;
    const channels = async (id: string) =>
      (
        await db()
          .selectFrom('alert_rules')
          .select('channels')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).channels;
    expect(await channels(mailed.id)).toEqual(mailed === low ? ['in_app'] : ['push']);
    expect(await channels(other.id)).toEqual(other === low ? ['email'] : ['email', 'push']);
    // Another user's rule is out of reach of this token, and a second click changes nothing.
    const again = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(again.statusCode).toBe(200);
    expect(await channels(other.id)).toEqual(other === low ? ['email'] : ['email', 'push']);
  });
});
