import type { Database } from '../../db/database.ts';
import { createPreparedRunner } from '../../db/prepared.ts';
import { countRows, deletedAny } from '../../db/row-values.ts';

export type CalendarEventRow = {
  id: string;
  title: string;
  date: string;
  note: string;
  symbol: string | null;
};

export type CalendarEventValues = Omit<CalendarEventRow, 'id'>;

const columns = ['id', 'title', 'date', 'note', 'symbol'] as const;

/** SQL for a user's own calendar events; every query is scoped to the acting user. */
export function createCalendarRepository(db: Database) {
  const prepared = createPreparedRunner(db, 'calendar');
  return {
    /** The user's events with `from <= date <= to`, by date (a prepared statement: the dashboard asks it). */
    between: (userId: string, from: string, to: string): Promise<CalendarEventRow[]> =>
      prepared(
        db
          .selectFrom('calendar_events')
          .select(columns)
          .where('user_id', '=', userId)
          .where('date', '>=', from)
          .where('date', '<=', to)
          .orderBy('date')
          .orderBy('created_at')
          .compile(),
      ),

    count: (userId: string): Promise<number> =>
      countRows(db.selectFrom('calendar_events').where('user_id', '=', userId)),

    insert: (userId: string, values: CalendarEventValues): Promise<CalendarEventRow> =>
      db
        .insertInto('calendar_events')
        .values({ user_id: userId, ...values })
        .returning(columns)
        .executeTakeFirstOrThrow(),

    /** Updates the user's own event; undefined when they have none with this id. */
    update: (
      userId: string,
      id: string,
      values: CalendarEventValues,
      now: Date,
    ): Promise<CalendarEventRow | undefined> =>
      db
        .updateTable('calendar_events')
        .set({ ...values, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .returning(columns)
        .executeTakeFirst(),

    /** Removes the user's own event; false when they have none with this id. */
    remove: (userId: string, id: string): Promise<boolean> =>
      deletedAny(
        db.deleteFrom('calendar_events').where('id', '=', id).where('user_id', '=', userId),
      ),
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
