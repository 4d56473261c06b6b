import type { Database } from '../../db/database.ts';
import { createPreparedRunner } from '../../db/prepared.ts';

/** SQL for a user's dashboard widgets (one jsonb row per user who chose). */
export function createWidgetRepository(db: Database) {
  const prepared = createPreparedRunner(db, 'widgets');
  return {
    /** The stored list, or undefined for a user who never chose (a prepared statement). */
    find: async (userId: string): Promise<unknown> =>
      (
        await prepared(
          db.selectFrom('user_widgets').select('widgets').where('user_id', '=', userId).compile(),
        )
      )[0]?.widgets,

    save: async (userId: string, widgets: unknown, now: Date): Promise<void> => {
      const json = JSON.stringify(widgets);
      await db
        .insertInto('user_widgets')
        .values({ user_id: userId, widgets: json, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ widgets: json, updated_at: now }))
        .execute();
    },
  };
}

export type WidgetRepository = ReturnType<typeof createWidgetRepository>;
