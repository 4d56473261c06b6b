import type { Database } from '../../db/database.ts';

/** SQL for a user's dashboard widgets (one jsonb row per user who chose). */
export function createWidgetRepository(db: Database) {
  return {
    /** The stored list, or undefined for a user who never chose. */
    find: async (userId: string): Promise<unknown> =>
      (
        await db
          .selectFrom('user_widgets')
          .select('widgets')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.widgets,

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
