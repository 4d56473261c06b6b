import type { Database } from '../../db/database.ts';
import { readerNews } from '../../db/article-visibility.ts';

/** The counts behind the landing's figures, each one SQL count. */
export function createSiteFiguresRepository(db: Database) {
  return {
    /** Accounts that used the product (signed in or made a request) since `since`. */
    readersSince: async (since: Date): Promise<number> => {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('last_access_at', '>=', since)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Articles a visitor can read that carry the analyst's summary (not hidden, no experiment). */
    analysedArticles: async (): Promise<number> => {
      const row = await db
        .selectFrom('news')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('ai_summary', 'is not', null)
        .where(readerNews(null))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Companies with a profile page. */
    companies: async (): Promise<number> => {
      const row = await db
        .selectFrom('companies')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Alerts and digests delivered by e-mail or Telegram. */
    alertsSent: async (): Promise<number> => {
      const row = await db
        .selectFrom('deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type SiteFiguresRepository = ReturnType<typeof createSiteFiguresRepository>;
