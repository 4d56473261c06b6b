import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { readerNewsSql } from '../../db/article-visibility.ts';
import { createAlertInboxRepository } from './alert-inbox.repository.ts';
import { createDeliveriesRepository } from './deliveries.repository.ts';

export type { ClaimedDelivery, DeliveryInsert } from './deliveries.repository.ts';

/** What alerting needs of a user: the plan facts, the flags, the address, the settings. */
export type AlertUserRow = {
  id: string;
  username: string;
  email: string;
  is_admin: boolean;
  subscription: string;
  subscription_status: string;
  current_period_end: Date | null;
  my_telegram_chat_id: string;
  my_instant_alerts: boolean;
  my_email_summary: boolean;
  my_email_alerts_daily: boolean;
  time_zone: string | null;
  quiet_start: number | null;
  quiet_end: number | null;
  hourly_cap: number | null;
};

/** A processed article that may alert (defcon 1 or 2), with the key of its story. */
export type AlertArticleRow = {
  id: string;
  story_key: string;
  title: string;
  no_bullshit: string | null;
  sentiment: string | null;
  sentiment_score: number | null;
  defcon_level: number;
  tickers: string[];
  published_at: Date;
  stored_at: Date;
};

const userColumns = [
  'u.id',
  'u.username',
  'u.email',
  'u.is_admin',
  'u.subscription',
  'u.subscription_status',
  'u.current_period_end',
  'u.my_telegram_chat_id',
  'u.my_instant_alerts',
  'u.my_email_summary',
  'u.my_email_alerts_daily',
  's.time_zone',
  's.quiet_start',
  's.quiet_end',
  's.hourly_cap',
] as const;

/**
 * SQL of the alerts module; no decisions. Users, alertable articles and settings here; the
 * deliveries outbox (`deliveries.repository.ts`) and the in-app list (`alert-inbox.repository.ts`)
 * are merged in, so callers see one repository.
 */
export function createAlertsRepository(db: Database) {
  const users = () =>
    db.selectFrom('users as u').leftJoin('alert_settings as s', 's.user_id', 'u.id');

  return {
    ...createDeliveriesRepository(db),
    ...createAlertInboxRepository(db),

    /**
     * Articles analysed since `since` whose defcon level is 1 or 2 (visible ones that are news:
     * neither estimated-dated nor a feed's back catalogue). The story
     * key is the story id of a syndicated copy when the news table has one, else the article id.
     */
    alertableArticles: (
      since: Date,
      until: Date | undefined,
      limit: number,
    ): Promise<AlertArticleRow[]> => {
      let query = db
        .selectFrom('news as n')
        .select([
          'n.id',
          sql<string>`coalesce(to_jsonb(n) ->> 'story_id', n.id::text)`.as('story_key'),
          sql<string>`coalesce(nullif(n."AI" ->> 'title', ''), n.title)`.as('title'),
          'n.no_bullshit',
          sql<string | null>`n."AI" ->> 'sentiment'`.as('sentiment'),
          sql<number | null>`n.sentiment_score[1]`.as('sentiment_score'),
          sql<number>`(n."AI" ->> 'defcon_level')::int`.as('defcon_level'),
          'n.related_exchange_tickers as tickers',
          'n.creation_date as published_at',
          'n.created_at as stored_at',
        ])
        .where('n.status', '=', 'PROCESSED')
        .where(readerNewsSql('n'))
        // Dated only by when it was first seen, or a feed's back catalogue: not news.
        .where('n.date_estimated', '=', false)
        .where('n.back_catalogue', '=', false)
        .where('n.updated_at', '>=', since)
        .where(sql<boolean>`(n."AI" ->> 'defcon_level')::int <= 2`)
        .orderBy('n.updated_at')
        .limit(limit);
      if (until) query = query.where('n.updated_at', '<=', until);
      return query.execute();
    },

    /** Users who asked for instant alerts (the plan is checked by the service). */
    instantSubscribers: (): Promise<AlertUserRow[]> =>
      users().select(userColumns).where('u.my_instant_alerts', '=', true).execute(),

    /** Users who asked for a daily or weekly digest. */
    digestSubscribers: (): Promise<AlertUserRow[]> =>
      users()
        .select(userColumns)
        .where((eb) =>
          eb.or([eb('u.my_email_summary', '=', true), eb('u.my_email_alerts_daily', '=', true)]),
        )
        .execute(),

    userById: (id: string): Promise<AlertUserRow | undefined> =>
      users().select(userColumns).where('u.id', '=', id).executeTakeFirst(),

    settingsOf: (userId: string) =>
      db
        .selectFrom('alert_settings')
        .select(['time_zone', 'quiet_start', 'quiet_end', 'hourly_cap'])
        .where('user_id', '=', userId)
        .executeTakeFirst(),

    /** The saved settings of these users, in one read (a user who never saved any is absent). */
    settingsOfMany: (userIds: readonly string[]) =>
      userIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('alert_settings')
            .select(['user_id', 'time_zone', 'quiet_start', 'quiet_end', 'hourly_cap'])
            .where(sql<boolean>`user_id = any(${[...userIds]}::uuid[])`)
            .execute(),

    async saveSettings(
      userId: string,
      settings: {
        time_zone: string;
        quiet_start: number | null;
        quiet_end: number | null;
        hourly_cap: number;
      },
      now: Date,
    ) {
      await db
        .insertInto('alert_settings')
        .values({ user_id: userId, ...settings, updated_at: now })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...settings, updated_at: now }))
        .execute();
    },
  };
}

export type AlertsRepository = ReturnType<typeof createAlertsRepository>;
