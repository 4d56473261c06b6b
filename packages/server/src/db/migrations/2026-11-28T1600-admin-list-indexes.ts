import { sql, type Kysely } from 'kysely';

/**
 * The admin panel's lists at a realistic size (bench/site): each paged list reads its
 * page from an index in its own order instead of sorting the whole table, and the admin payments
 * view's counts and lists read small indexes instead of scanning every user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The user list, newest first, paged.
  await sql`create index if not exists users_admin_list on users (created_at desc, id)`.execute(db);
  // Subscriptions per plan and status: an index-only scan of the paying users.
  await sql`create index if not exists users_paid_plans on users (subscription, subscription_status)
    where subscription <> ''`.execute(db);
  // The contact inbox's unread count (its pages read `contact_messages_created`).
  await sql`create index if not exists contact_messages_unread on contact_messages (created_at)
    where read_at is null`.execute(db);
  // The newsletter list, newest first, paged.
  await sql`create index if not exists newsletter_subscribers_recent on newsletter_subscribers (created_at desc, email)`.execute(
    db,
  );
  // The payments view: failed webhook events and the latest cancel feedback.
  await sql`create index if not exists billing_events_failed on billing_events (received_at desc)
    where error is not null and processed_at is null`.execute(db);
  await sql`create index if not exists cancel_feedback_recent on cancel_feedback (created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'cancel_feedback_recent',
    'billing_events_failed',
    'newsletter_subscribers_recent',
    'contact_messages_unread',
    'users_paid_plans',
    'users_admin_list',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
}
