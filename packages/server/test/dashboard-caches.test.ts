import { WIDGET_IDS, type CalendarEvent } from '@app/shared/api/portfolio';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../src/clock.ts';
import type { Services } from '../src/modules/create-services.ts';
import { buildSecondApp, buildTestApp, type TestApp } from './helpers/app.ts';
import { bearer, registerUser, type TestUser } from './helpers/factories.ts';
import { waitFor } from './helpers/wait.ts';

type EventsBody = { events: CalendarEvent[] };
type EventBody = { event: CalendarEvent };
const RANGE = '?from=2026-12-01&to=2026-12-31';

/**
 * Each API process keeps users' own calendar events of a range (CALENDAR_CACHE=on) and
 * their widgets (WIDGETS_CACHE=on) in memory, so the dashboard's `/calendar/events` and
 * `/user/widgets` no longer read them on every visit, and a change shows in the next call of any
 * process: through the routes of one process at once (the write waits until every listening
 * process dropped the user's entries), and by any other writer (SQL) as soon as the database's
 * notice arrives. Each first test turns the table's trigger off, so only the write's own
 * confirmation can reach the other process.
 */
describe('the dashboard kept in memory across two app instances on one database', () => {
  const clock = fixedClock('2026-11-25T15:00:00Z');
  const env = { CALENDAR_CACHE: 'on', WIDGETS_CACHE: 'on' };
  let a: TestApp;
  let b: FastifyInstance;
  let bServices: Services;
  let closeB: () => Promise<void>;
  let user: TestUser;

  beforeAll(async () => {
    a = await buildTestApp({ clock, env });
    ({
      app: b,
      services: bServices,
      close: closeB,
    } = await buildSecondApp(a.database.url, {
      clock,
      env,
    }));
    user = await registerUser(a.app);
  }, 120_000);

  afterAll(async () => {
    await closeB();
    await a.close();
  });

  const titles = async (app: FastifyInstance, range = RANGE) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/calendar/events${range}`,
      headers: bearer(user.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<EventsBody>().events.map((event) => event.title);
  };
  const post = async (url: string, payload?: object) => {
    const res = await a.app.inject({
      method: 'POST',
      url: `/api/calendar/events/${url}`,
      headers: bearer(user.token),
      ...(payload && { payload }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };
  const stats = () => bServices.calendar.cacheStats();
  /** Turns `table`'s notices off meanwhile: only a write's own confirmation can reach B. */
  async function withoutTrigger(table: string, run: () => Promise<void>) {
    const trigger = (on: boolean) =>
      sql`alter table ${sql.table(table)} ${sql.raw(on ? 'enable' : 'disable')}
        trigger ${sql.raw(`${table}_notify_change`)}`.execute(a.database.db);
    await trigger(false);
    try {
      await run();
    } finally {
      await trigger(true);
    }
  }

  it('calendar: answers from memory once B listens, and shows writes through A at once', async () => {
    // B's first calls start its listener; once it listens the range is kept and reused.
    await waitFor(async () => {
      await titles(b);
      return stats()?.listening === true && (stats()?.entries ?? 0) > 0;
    });
    const hitsBefore = stats()?.hits ?? 0;
    expect(await titles(b)).toEqual([]);
    expect(stats()?.hits).toBe(hitsBefore + 1);

    let id = '';
    await withoutTrigger('calendar_events', async () => {
      id = (await post('create', { title: 'Review my plan', date: '2026-12-03' })).json<EventBody>()
        .event.id!;
      expect(await titles(b)).toEqual(['Review my plan']);
      await post(`update/${id}`, { title: 'Review my plan again', date: '2026-12-04' });
      expect(await titles(b)).toEqual(['Review my plan again']);
      await post(`rm/${id}`);
      expect(await titles(b)).toEqual([]);
    });
  });

  it('calendar: drops what any other writer changes when the database announces it', async () => {
    await titles(b);
    const hitsBefore = stats()?.hits ?? 0;
    expect(await titles(b)).toEqual([]);
    expect(stats()?.hits).toBe(hitsBefore + 1);
    await sql`insert into calendar_events (user_id, title, date, note)
      values (${user.user.id}, 'Written by SQL', '2026-12-10', '')`.execute(a.database.db);
    await waitFor(async () => (await titles(b)).join() === 'Written by SQL');
    await sql`delete from calendar_events where user_id = ${user.user.id}`.execute(a.database.db);
    await waitFor(async () => (await titles(b)).length === 0);
  });

  it('calendar: reads a range with long texts each time instead of keeping it', async () => {
    // 17 notes of 1,000 characters (the most a note may have): over the 16,000 a range keeps.
    const note = 'n'.repeat(1_000);
    for (let day = 10; day < 27; day += 1) {
      await post('create', { title: `Long ${day}`, date: `2026-12-${day}`, note });
    }
    const entries = stats()?.entries ?? 0;
    expect(await titles(b)).toHaveLength(17);
    expect(await titles(b)).toHaveLength(17);
    expect(stats()?.entries).toBe(entries);
    // A shorter range of the same user is small enough to keep.
    expect(await titles(b, '?from=2026-12-10&to=2026-12-11')).toEqual(['Long 10', 'Long 11']);
    expect(stats()?.entries).toBe(entries + 1);
  });

  describe('widgets', () => {
    type Widget = { id: string; visible: boolean };
    const widgetsOf = async (app: FastifyInstance) => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/user/widgets',
        headers: bearer(user.token),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ widgets: Widget[] }>().widgets;
    };
    const save = async (widgets: Widget[]) => {
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/user/widgets',
        headers: bearer(user.token),
        payload: { widgets },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    const all = WIDGET_IDS.map((id) => ({ id, visible: true }));
    const widgetStats = () => bServices.widgets.cacheStats();

    it('answers from memory once B listens, and shows a save through A at once', async () => {
      await waitFor(async () => {
        await widgetsOf(b);
        return widgetStats()?.listening === true && (widgetStats()?.entries ?? 0) > 0;
      });
      const hitsBefore = widgetStats()?.hits ?? 0;
      expect(await widgetsOf(b)).toEqual(all);
      expect(widgetStats()?.hits).toBe(hitsBefore + 1);

      const reversed = [...all].reverse().map((w, i) => ({ ...w, visible: i % 2 === 0 }));
      await withoutTrigger('user_widgets', async () => {
        await save(reversed);
        expect(await widgetsOf(b)).toEqual(reversed);
      });
    });

    it('drops a list changed by any other writer when the database announces it', async () => {
      expect(await widgetsOf(b)).not.toEqual(all);
      await sql`delete from user_widgets where user_id = ${user.user.id}`.execute(a.database.db);
      await waitFor(async () => JSON.stringify(await widgetsOf(b)) === JSON.stringify(all));
    });
  });
});
