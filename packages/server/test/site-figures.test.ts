import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import { buildTestApp, type TestApp } from './helpers/app.ts';
import { registerUser } from './helpers/factories.ts';
import { DAY_MS } from '@app/shared/dates';

const NOW = new Date('2026-03-10T12:00:00Z');

describe('GET /api/site/figures: the landing figures counted from this installation', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock: fixedClock(NOW), env: { DEMO_MODE: 'false' } });
    const db = t.database.db;
    const recent = await registerUser(t.app);
    const lapsed = await registerUser(t.app);
    await registerUser(t.app);
    await db
      .updateTable('users')
      .set({ last_access_at: new Date(NOW.getTime() - 2 * DAY_MS) })
      .where('id', '=', recent.user.id)
      .execute();
    await db
      .updateTable('users')
      .set({ last_access_at: new Date(NOW.getTime() - 31 * DAY_MS) })
      .where('id', '=', lapsed.user.id)
      .execute();
    await db
      .updateTable('users')
      .set({ last_access_at: null })
      .where('id', 'not in', [recent.user.id, lapsed.user.id])
      .execute();
    const article = (
      n: number,
      fields: { ai_summary: string | null; is_blocked?: boolean; experiment?: string | null },
    ) => ({
      link: `https://example.com/figures-${n}`,
      guid: `figures-${n}`,
      title: `Chipmaker beats estimates ${n}`,
      summary: 'Revenue rose.',
      no_bullshit: null,
      creation_date: new Date(NOW.getTime() - n * 3_600_000),
      interest_score: 5,
      AI: null,
      status_reason: null,
      source: 'test',
      experiment: null,
      ...fields,
    });
    await db
      .insertInto('news')
      .values([
        article(1, { ai_summary: 'Revenue rose 12 %.' }),
        article(2, { ai_summary: 'Margins fell.' }),
        article(3, { ai_summary: 'Hidden by an admin.', is_blocked: true }),
        article(4, { ai_summary: 'An experiment.', experiment: 'titles-b' }),
        article(5, { ai_summary: null }),
      ])
      .execute();
    await db
      .insertInto('companies')
      .values([
        {
          company_name: 'Figures One Inc.',
          safe_name: 'figures_one',
          exchange_tickers: ['NASDAQ:FGO'],
          ai_summary: null,
        },
        {
          company_name: 'Figures Two Inc.',
          safe_name: 'figures_two',
          exchange_tickers: ['NYSE:FGT'],
          ai_summary: null,
        },
      ])
      .execute();
    const delivery = (key: string, status: 'sent' | 'failed') => ({
      user_id: recent.user.id,
      address: null,
      channel: 'email' as const,
      kind: 'instant' as const,
      key,
      payload: '{}',
      status,
      last_error: null,
      created_at: NOW,
      due_at: NOW,
      claimed_at: null,
      sent_at: status === 'sent' ? NOW : null,
    });
    await db
      .insertInto('deliveries')
      .values([delivery('a', 'sent'), delivery('b', 'sent'), delivery('c', 'failed')])
      .execute();
  });
  afterAll(() => t.close());

  it('counts readers of the last 30 days, readable analysed articles, companies and sent alerts', async () => {
    const companies = await t.database.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: '/api/site/figures' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      figures: {
        readers_30d: 1,
        articles_analysed: 2,
        companies_covered: Number(companies.n),
        alerts_sent: 2,
        counted_at: NOW.getTime() / 1000,
        demo: false,
      },
    });
    expect(Number(companies.n)).toBeGreaterThanOrEqual(2);
  });

  it('keeps the counts for ten minutes instead of counting on every visit', async () => {
    await t.database.db
      .insertInto('companies')
      .values({
        company_name: 'Figures Three Inc.',
        safe_name: 'figures_three',
        exchange_tickers: ['NYSE:FGH'],
        ai_summary: null,
      })
      .execute();
    const first = await t.app.inject({ method: 'GET', url: '/api/site/figures' });
    const second = await t.app.inject({ method: 'GET', url: '/api/site/figures' });
    expect(second.json()).toEqual(first.json());
    expect(first.headers['cache-control']).toBe('public, max-age=300');
  });
});
