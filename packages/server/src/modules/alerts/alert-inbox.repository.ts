import { MY_ALERTS_UNREAD_MAX } from '@app/shared/api/alerts';
import { sql } from 'kysely';
import { poolOf, type Database } from '../../db/database.ts';

/** One of a user's instant alerts as the bell lists it (from the payload fixed at fan-out). */
export type InboxAlertRow = {
  id: string;
  kind: 'instant' | 'rule';
  /** A rule's line and absolute URL (its payload); null for an instant alert. */
  text: string | null;
  url: string | null;
  symbol: string | null;
  article_id: string | null;
  title: string | null;
  defcon_level: number | null;
  sentiment: string | null;
  moves: unknown;
  created_at: Date;
  unread: boolean;
  /** The user's unread count (to 100), read in the same statement. */
  unread_count: string | null;
};

/**
 * SQL of the alerts bell. A user's alerts are the instant deliveries the fan-out wrote
 * for them (every alert of a user has an e-mail row, a Telegram row only besides it, so the
 * e-mail rows are the list, one per story) and the in-app rows of the user's own rules that
 * fired, read from `deliveries_user_bell` in its order. What
 * the user has seen is one watermark per user (`alert_reads.seen_until`).
 */
export function createAlertInboxRepository(db: Database) {
  const pool = poolOf(db);
  // The predicate is the partial index's, word for word, so the planner matches it.
  const alertsOf = (userId: string) =>
    db
      .selectFrom('deliveries as d')
      .where('d.user_id', '=', userId)
      .where(
        sql<boolean>`((d.kind = 'instant' and d.channel = 'email') or (d.kind = 'rule' and d.channel = 'in_app'))`,
      );
  /** The watermark of the user, or -infinity: every alert after it is unread. */
  const seenUntil = (userId: string) =>
    sql<Date>`coalesce((select r.seen_until from alert_reads r where r.user_id = ${userId}), '-infinity'::timestamptz)`;

  /** How many of the user's alerts are newer than the watermark, counting to at most 100. */
  const unreadQuery = (userId: string) =>
    db
      .selectFrom(
        alertsOf(userId)
          .select('d.id')
          .where('d.created_at', '>', seenUntil(userId))
          .limit(MY_ALERTS_UNREAD_MAX)
          .as('u'),
      )
      .select((eb) => eb.fn.countAll<string>().as('n'));

  return {
    /**
     * A page of the user's alerts, newest first, each with whether it is unread, and the unread
     * count in the same statement (one round trip for the bell). A named prepared statement: every
     * signed-in page asks the bell, and planning cost PostgreSQL more than the read (0.35 ms
     * planning, 0.23 ms execution for a user with 2,000 alerts).
     */
    inboxPage: async (userId: string, skip: number, limit: number): Promise<InboxAlertRow[]> => {
      const compiled = alertsOf(userId)
        .select([
          'd.id',
          sql<'instant' | 'rule'>`d.kind`.as('kind'),
          sql<string | null>`case when d.kind = 'rule' then d.payload ->> 'text' end`.as('text'),
          sql<string | null>`case when d.kind = 'rule' then d.payload ->> 'url' end`.as('url'),
          sql<string | null>`case when d.kind = 'rule' then d.payload ->> 'symbol' end`.as(
            'symbol',
          ),
          sql<string | null>`d.payload ->> 'article_id'`.as('article_id'),
          sql<string | null>`d.payload ->> 'title'`.as('title'),
          sql<number | null>`(d.payload ->> 'defcon_level')::int`.as('defcon_level'),
          sql<string | null>`d.payload ->> 'sentiment'`.as('sentiment'),
          sql`d.payload -> 'moves'`.as('moves'),
          'd.created_at',
          sql<boolean>`d.created_at > ${seenUntil(userId)}`.as('unread'),
          unreadQuery(userId).as('unread_count'),
        ])
        .orderBy('d.created_at', 'desc')
        .orderBy('d.id', 'desc')
        .offset(skip)
        .limit(limit)
        .compile();
      if (!pool) return (await db.executeQuery(compiled)).rows;
      const { rows } = await pool.query<InboxAlertRow>({
        name: 'alerts_inbox_page',
        text: compiled.sql,
        values: [...compiled.parameters],
      });
      return rows;
    },

    /** How many of the user's alerts are newer than the watermark, counting to at most 100. */
    unreadCount: async (userId: string): Promise<number> =>
      Number((await unreadQuery(userId).executeTakeFirstOrThrow()).n),

    /**
     * Moves the user's watermark up to the alert `upTo` (never back); false when `upTo` is not
     * one of the user's alerts. Repeating it changes nothing.
     */
    markSeen: async (userId: string, upTo: string, now: Date): Promise<boolean> => {
      const row = await db
        .insertInto('alert_reads')
        .columns(['user_id', 'seen_until', 'updated_at'])
        .expression(
          alertsOf(userId)
            .where('d.id', '=', upTo)
            .select([
              sql<string>`${userId}::uuid`.as('user_id'),
              'd.created_at',
              sql<Date>`${now}`.as('updated_at'),
            ]),
        )
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            seen_until: sql<Date>`greatest(alert_reads.seen_until, excluded.seen_until)`,
            updated_at: (eb) => eb.ref('excluded.updated_at'),
          }),
        )
        .returning('user_id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
