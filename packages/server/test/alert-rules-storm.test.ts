import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, grant, registerUser, type TestUser } from './helpers/factories.ts';
import { jobDeps } from './helpers/job-deps.ts';
import { waitFor } from './helpers/wait.ts';

const NOW = new Date('2026-11-24T15:00:00Z'); // a Tuesday, 10:00 in New York
const DAY = '2026-11-24';
const AAPL = 'NASDAQ:AAPL';
const MSFT = 'NASDAQ:MSFT';
const NVDA = 'NASDAQ:NVDA';
const JPM = 'NYSE:JPM';
const AMZN = 'NASDAQ:AMZN';

describe('alert rules on busy days and in storms', () => {
  let t: TestApp;
  let services: Services;
  const clock = fixedClock(NOW);

  const db = () => t.database.db;
  const post = (user: TestUser, url: string, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/api${url}`, headers: bearer(user.token), payload });
  const get = (user: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url: `/api${url}`, headers: bearer(user.token) });
  const create = async (user: TestUser, rule: Record<string, unknown>) => {
    const res = await post(user, '/alerts/rules', { channels: ['in_app', 'email'], ...rule });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ rule: { id: string } }>().rule;
  };
  const evaluate = (symbols: string[]) => services.alertRules.evaluateQuotes(symbols);

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

  /** A year and a bit of daily bars up to DAY, every one with this high and low. */
  async function bars(symbol: string, high: number, low: number) {
    const byMonth = new Map<string, string[]>();
    for (let i = 400; i >= 0; i -= 1) {
      const d = new Date(Date.parse(`${DAY}T00:00:00Z`) - i * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const month = `${d.slice(0, 7)}-01`;
      byMonth.set(month, [...(byMonth.get(month) ?? []), d]);
    }
    await db().deleteFrom('price_series').where('exchange_ticker', '=', symbol).execute();
    await db()
      .insertInto('price_series')
      .values(
        [...byMonth].map(([month, days]) => ({
          exchange_ticker: symbol,
          month,
          days,
          open: days.map(() => (high + low) / 2),
          high: days.map(() => high),
          low: days.map(() => low),
          close: days.map(() => (high + low) / 2),
          volume: days.map(() => 1_000),
        })),
      )
      .execute();
  }

  const figuresOf = (symbol: string) =>
    db()
      .selectFrom('alert_symbol_figures')
      .select(['bars_version', 'day', 'high52', 'low52'])
      .where('exchange_ticker', '=', symbol)
      .executeTakeFirst();

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

  beforeAll(async () => {
    const env = { PUBLIC_URL: 'https://stockpulse.test' };
    // A burst's owners register one after another: the sign-up limit is not what is tested here.
    t = await buildTestApp({
      env: { ...env, RATE_LIMIT_SCALE: '1000' },
      demoCompanies: true,
      clock,
    });
    services = jobDeps(t.database.db, env, { clock }).services;
  });
  afterAll(async () => {
    await t.close();
  });

  it('fires each crossing of a storm once: the refreshes within the cool-down answer none', async () => {
    const user = await member();
    for (const symbol of [AAPL, MSFT, NVDA]) {
      expect((await get(user, `/ticker/user/watchlist/append/storm/${symbol}`)).statusCode).toBe(
        200,
      );
    }
    await post(user, '/portfolio/create', { name: 'main' });
    const buy = await post(user, '/portfolio/transactions/create', {
      portfolio: 'main',
      type: 'buy',
      symbol: JPM,
      date: '2026-11-02',
      quantity: 1,
      price: 100,
    });
    expect(buy.statusCode, buy.body).toBe(200);
    const above = await create(user, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AAPL,
      threshold: 105,
      cooldown_minutes: 60,
    });
    const once = await create(user, {
      kind: 'price_below',
      scope: 'symbol',
      symbol: MSFT,
      threshold: 95,
      repeat: false,
    });
    const listed = await create(user, {
      kind: 'day_move',
      scope: 'watchlist',
      watchlist: 'storm',
      threshold: 3,
      cooldown_minutes: 60,
    });
    const held = await create(user, {
      kind: 'day_move',
      scope: 'holdings',
      threshold: 3,
      cooldown_minutes: 60,
    });
    const symbols = [AAPL, MSFT, NVDA, JPM];
    for (const symbol of symbols) await quote(symbol, 100);
    expect(await evaluate(symbols)).toEqual({ candidates: 0, fired: 0 });

    // The storm: every level crossed, every listing moved past 3 %.
    await quote(AAPL, 107);
    await quote(MSFT, 93);
    await quote(NVDA, 104);
    await quote(JPM, 96);
    // Six crossings, four alerts: the watchlist's three listings that moved are one alert.
    expect(await evaluate(symbols)).toEqual({ candidates: 6, fired: 4 });
    const firings = async () =>
      (
        await db()
          .selectFrom('alert_rule_firings')
          .select(['rule_id', 'symbol'])
          .where('user_id', '=', user.user.id)
          .execute()
      )
        .map((f) => `${f.rule_id ?? ''}:${f.symbol ?? ''}`)
        .sort();
    const fired = await firings();
    expect(fired).toEqual(
      [
        `${above.id}:${AAPL}`,
        `${once.id}:${MSFT}`,
        `${listed.id}:${AAPL}`,
        `${held.id}:${JPM}`,
      ].sort(),
    );

    const [listedAlert] = await db()
      .selectFrom('alert_rule_firings')
      .select(['text', 'link'])
      .where('rule_id', '=', listed.id)
      .execute();
    expect(listedAlert).toEqual({
      text: `3 listings on your watchlist “storm” moved at least 3 % today: ${AAPL} +7.00 % at 107.00, ${MSFT} -7.00 % at 93.00, ${NVDA} +4.00 % at 104.00`,
      link: `/ticker/${encodeURIComponent(AAPL)}`,
    });
    // One alert each in the outbox (per channel), keyed by its firing.
    const keys = await db()
      .selectFrom('deliveries')
      .select('key')
      .distinct()
      .where('user_id', '=', user.user.id)
      .where('kind', '=', 'rule')
      .execute();
    expect(keys).toHaveLength(4);

    // The storm goes on within the cool-down: the level is crossed again, the moves grow, and
    // nothing is answered or fired; the once rule is done.
    for (const [aapl, msft] of [
      [100, 100],
      [108, 92],
      [101, 99],
      [109, 91],
    ] as const) {
      await quote(AAPL, aapl);
      await quote(MSFT, msft);
      await quote(NVDA, aapl - 3);
      await quote(JPM, msft + 1);
      expect(await evaluate(symbols)).toEqual({ candidates: 0, fired: 0 });
    }
    expect(await firings()).toEqual(fired);
    const rules = await db()
      .selectFrom('alert_rules')
      .select(['id', 'status', 'fire_count'])
      .where('user_id', '=', user.user.id)
      .execute();
    expect(
      Object.fromEntries(rules.map((r) => [r.id, `${r.status}:${String(r.fire_count)}`])),
    ).toEqual({
      [above.id]: 'active:1',
      [once.id]: 'done:1',
      [listed.id]: 'active:1',
      [held.id]: 'active:1',
    });
    // The marks followed the storm: AAPL's level and move, held at 109, are not crossed again
    // at 110 once the cool-down is over; falling back to the close and rising past both again
    // crosses each (the level and the watchlist's move).
    clock.set(new Date(NOW.getTime() + 61 * 60_000));
    await quote(AAPL, 110);
    expect((await evaluate([AAPL])).fired).toBe(0);
    await quote(AAPL, 100);
    expect((await evaluate([AAPL])).fired).toBe(0);
    await quote(AAPL, 106);
    expect((await evaluate([AAPL])).fired).toBe(2);
    clock.set(NOW);
  });

  it('sees a rule edited between two refreshes of a storm at the next one', async () => {
    const user = await member();
    await quote(AMZN, 100);
    const rule = await create(user, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AMZN,
      threshold: 110,
    });
    await evaluate([AMZN]);
    await quote(AMZN, 106);
    expect((await evaluate([AMZN])).fired).toBe(0);
    const edited = await post(user, `/alerts/rules/${rule.id}`, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AMZN,
      threshold: 105,
      channels: ['in_app'],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await evaluate([AMZN])).fired).toBe(1);
    expect((await evaluate([AMZN])).fired).toBe(0);
  });

  it('keeps a symbol’s 52-week range for its trading day and computes it again when its bars change', async () => {
    const user = await member();
    await bars(JPM, 120, 80);
    const high = await create(user, { kind: 'high_52w', scope: 'symbol', symbol: JPM });
    await quote(JPM, 110);
    expect((await evaluate([JPM])).fired).toBe(0);
    const kept = await figuresOf(JPM);
    expect(kept).toMatchObject({ day: DAY, high52: 120, low52: 80 });
    // A quote past the kept high fires without the bars being read again.
    await quote(JPM, 121);
    expect((await evaluate([JPM])).fired).toBe(1);
    await quote(JPM, 110);
    await evaluate([JPM]);
    // New bars (a lower high): the kept figures are dropped and computed from them.
    await bars(JPM, 108, 80);
    const dropped = await figuresOf(JPM);
    expect(dropped?.day).toBeNull();
    expect(Number(dropped?.bars_version)).toBeGreaterThan(Number(kept?.bars_version));
    await db()
      .updateTable('alert_rules')
      .set({ last_fired_at: null })
      .where('id', '=', high.id)
      .execute();
    expect((await evaluate([JPM])).fired).toBe(1);
    expect(await figuresOf(JPM)).toMatchObject({ day: DAY, high52: 108 });
    // The next trading day's figures are the next day's.
    clock.set(new Date(NOW.getTime() + 24 * 3_600_000));
    await quote(JPM, 100);
    await evaluate([JPM]);
    expect((await figuresOf(JPM))?.day).toBe('2026-11-25');
    clock.set(NOW);
  });

  it('keeps no figures computed from bars that a concurrent write replaced', async () => {
    const user = await member();
    await bars(NVDA, 120, 80);
    await create(user, { kind: 'low_52w', scope: 'symbol', symbol: NVDA });
    await quote(NVDA, 100);
    // The bars are rewritten in a transaction that commits only once the refresh, which read
    // the old bars, waits on it to store its figures.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let writing: Promise<void> = Promise.resolve();
    const written = new Promise<void>((ready) => {
      writing = db()
        .transaction()
        .execute(async (trx) => {
          await trx
            .updateTable('price_series')
            .set({ low: sql<number[]>`array_fill(90::float8, array[cardinality(days)])` })
            .where('exchange_ticker', '=', NVDA)
            .execute();
          ready();
          await released;
        });
    });
    await written;
    const refresh = evaluate([NVDA]);
    await waitFor(async () => {
      const { rows } = await sql<{ n: string }>`select count(*) as n from pg_stat_activity
        where wait_event_type = 'Lock' and query like '%alert_symbol_figures%'`.execute(db());
      return Number(rows[0]?.n ?? 0) > 0;
    });
    release();
    await writing;
    await refresh;
    expect((await figuresOf(NVDA))?.day).toBeNull();
    // The next refresh computes them from the new bars.
    await evaluate([NVDA]);
    expect(await figuresOf(NVDA)).toMatchObject({ day: DAY, low52: 90 });
  });
  it('writes a burst’s firings and their outbox rows once each, in one statement; a rule in its cool-down fires nothing', async () => {
    const users = await Promise.all(Array.from({ length: 8 }, () => member()));
    const rules: { id: string; user: TestUser; channels: string[] }[] = [];
    for (const [i, user] of users.entries()) {
      const channels = i === 0 ? ['in_app'] : ['in_app', 'email'];
      for (const symbol of [NVDA, JPM]) {
        expect((await get(user, `/ticker/user/watchlist/append/burst/${symbol}`)).statusCode).toBe(
          200,
        );
      }
      for (const rule of [
        { kind: 'price_above', scope: 'symbol', symbol: AAPL, threshold: 105 },
        { kind: 'price_below', scope: 'symbol', symbol: MSFT, threshold: 95 },
        { kind: 'day_move', scope: 'watchlist', watchlist: 'burst', threshold: 3 },
      ]) {
        const { id } = await create(user, { ...rule, channels, cooldown_minutes: 60 });
        rules.push({ id, user, channels });
      }
    }
    const ids = rules.map((r) => r.id);
    const symbols = [AAPL, MSFT, NVDA, JPM];
    for (const symbol of symbols) await quote(symbol, 100);
    await evaluate(symbols);
    // One rule fired ten minutes ago: its cool-down of an hour is not over.
    const cooling = rules[0]?.id ?? '';
    await db()
      .updateTable('alert_rules')
      .set({ last_fired_at: new Date(NOW.getTime() - 10 * 60_000) })
      .where('id', '=', cooling)
      .execute();

    const written = async () => {
      const firings = await db()
        .selectFrom('alert_rule_firings')
        .select(['id', 'rule_id', 'symbol', 'article_id', 'text', 'link'])
        .where('rule_id', 'in', ids)
        .execute();
      const deliveries = await db()
        .selectFrom('deliveries')
        .select(['user_id', 'key', 'channel', 'kind', 'payload', 'created_at', 'due_at'])
        .where('key', 'in', firings.length > 0 ? firings.map((f) => f.id) : [''])
        .execute();
      return { firings, deliveries };
    };
    /** Each firing has one outbox row per channel of its rule, with its alert. */
    const expectOutboxOf = (state: Awaited<ReturnType<typeof written>>) => {
      const expected = state.firings.flatMap((f) => {
        const rule = rules.find((r) => r.id === f.rule_id);
        return (rule?.channels ?? []).map((channel) => ({
          user_id: rule?.user.user.id,
          key: f.id,
          channel,
          kind: 'rule',
          payload: {
            subject: `Alert: ${f.text}`,
            text: f.text,
            url: `https://stockpulse.test${f.link}`,
            rule_id: f.rule_id,
            symbol: f.symbol,
            article_id: null,
          },
        }));
      });
      const sortKey = (d: { key: string; channel: string }) => `${d.key}:${d.channel}`;
      expect(
        state.deliveries
          .map(({ user_id, key, channel, kind, payload }) => ({
            user_id,
            key,
            channel,
            kind,
            payload,
          }))
          .sort((a, b) => sortKey(a).localeCompare(sortKey(b))),
      ).toEqual(expected.sort((a, b) => sortKey(a).localeCompare(sortKey(b))));
    };

    // The burst: every rule crosses; the cooling one is not answered.
    await quote(AAPL, 107);
    await quote(MSFT, 93);
    await quote(NVDA, 104);
    await quote(JPM, 96);
    const burst = await evaluate(symbols);
    expect(burst.fired).toBe(rules.length - 1);
    const first = await written();
    expect(first.firings).toHaveLength(rules.length - 1);
    expect(new Set(first.firings.map((f) => f.rule_id))).toEqual(
      new Set(ids.filter((id) => id !== cooling)),
    );
    expect(first.deliveries).toHaveLength(rules.length * 2 - 3 - 1);
    expectOutboxOf(first);

    // Within the cool-down: the same quotes, then a fall and a new crossing, write nothing.
    expect((await evaluate(symbols)).fired).toBe(0);
    for (const symbol of symbols) await quote(symbol, 100);
    expect((await evaluate(symbols)).fired).toBe(0);
    await quote(AAPL, 107);
    await quote(MSFT, 93);
    await quote(NVDA, 104);
    await quote(JPM, 96);
    expect((await evaluate(symbols)).fired).toBe(0);
    expect(await written()).toEqual(first);

    // Once the cool-down is over, two workers evaluating the next burst at once fire each rule
    // once, with one outbox row per channel.
    clock.set(new Date(NOW.getTime() + 61 * 60_000));
    try {
      for (const symbol of symbols) await quote(symbol, 100);
      expect((await evaluate(symbols)).fired).toBe(0);
      await quote(AAPL, 108);
      await quote(MSFT, 92);
      await quote(NVDA, 105);
      await quote(JPM, 95);
      await Promise.all([evaluate(symbols), evaluate(symbols)]);
      const second = await written();
      const before = new Set(first.firings.map((f) => f.id));
      const again = second.firings.filter((f) => !before.has(f.id));
      expect(again.map((f) => f.rule_id).sort()).toEqual([...ids].sort());
      expectOutboxOf(second);
    } finally {
      clock.set(NOW);
    }
  });

  it('drops a rule’s marks with the rule and its owner, and reads no mark of a rule gone', async () => {
    const user = await member();
    const other = await member();
    await quote(AMZN, 100);
    const rule = await create(user, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AMZN,
      threshold: 101,
    });
    const kept = await create(other, {
      kind: 'price_above',
      scope: 'symbol',
      symbol: AMZN,
      threshold: 101,
    });
    const marksOf = async (id: string) =>
      (
        await db()
          .selectFrom('alert_rule_marks')
          .select(['symbol', 'holds'])
          .where('rule_id', '=', id)
          .execute()
      ).map((m) => `${m.symbol}:${m.holds ? 'holds' : 'let go'}`);
    await evaluate([AMZN]);
    await quote(AMZN, 102);
    expect((await evaluate([AMZN])).fired).toBe(2);
    expect(await marksOf(rule.id)).toEqual([`${AMZN}:holds`]);
    expect(await marksOf(kept.id)).toEqual([`${AMZN}:holds`]);

    // The rule deleted: its marks go with it; the other's stays.
    expect((await post(user, `/alerts/rules/${rule.id}/delete`)).statusCode).toBe(200);
    expect(await marksOf(rule.id)).toEqual([]);
    expect(await marksOf(kept.id)).toEqual([`${AMZN}:holds`]);

    // A mark left by an evaluation that raced a rule's deletion is never read.
    const gone = '00000000-0000-4000-8000-000000000001';
    await db()
      .insertInto('alert_rule_marks')
      .values({ rule_id: gone, symbol: AMZN, holds: true, day: DAY })
      .execute();
    await quote(AMZN, 90);
    expect(await evaluate([AMZN])).toEqual({ candidates: 0, fired: 0 });
    expect(await marksOf(kept.id)).toEqual([`${AMZN}:let go`]);
    await db().deleteFrom('alert_rule_marks').where('rule_id', '=', gone).execute();

    // The owner removed: their rules go by cascade, and the rules' marks with them.
    await quote(AMZN, 102);
    await evaluate([AMZN]);
    expect(await marksOf(kept.id)).toEqual([`${AMZN}:holds`]);
    await db().deleteFrom('users').where('id', '=', other.user.id).execute();
    expect(await marksOf(kept.id)).toEqual([]);
  });
});
