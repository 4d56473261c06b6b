import { sql, type Kysely } from 'kysely';

/**
 * More admin pages kept in memory (`cache/page-notices.ts`): the alert deliveries
 * (`/alerts/admin/deliveries`), the contact inbox, the newsletter's subscribers and the channels'
 * posts log are kept as the bytes sent too, so every statement that writes their tables announces
 * it on `stockpulse_admin_pages` as the users and the outbox do (2026-11-30T1440's function):
 * `deliveries`, `contact`, `newsletter`, `channel_posts` (the posts, and the channels whose title
 * each post shows). Statement-level: a fan-out or a bulk write is one notice; PostgreSQL folds
 * equal notices of one transaction. A removed user's deliveries go by cascade, which fires the
 * deliveries' trigger too.
 */
const TRIGGERS = [
  ['deliveries', 'deliveries_notify_admin_pages', 'deliveries'],
  ['contact_messages', 'contact_messages_notify_admin_pages', 'contact'],
  ['newsletter_subscribers', 'newsletter_subscribers_notify_admin_pages', 'newsletter'],
  ['telegram_channel_posts', 'telegram_channel_posts_notify_admin_pages', 'channel_posts'],
  ['telegram_channels', 'telegram_channels_notify_admin_pages', 'channel_posts'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, trigger, group] of TRIGGERS) {
    await sql`
      create trigger ${sql.id(trigger)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_admin_pages(${sql.lit(group)})`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, trigger] of TRIGGERS) {
    await sql`drop trigger ${sql.id(trigger)} on ${sql.table(table)}`.execute(db);
  }
}
