import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('company', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('address', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('postal_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('about_me', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('share_referral_code', 'text', (c) => c.notNull().unique())
    .addColumn('referred_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('my_telegram_chat_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('my_debug_interface', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('my_dev_interface', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('my_clickbait', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('my_email_summary', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('my_email_alerts_daily', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('my_instant_alerts', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_email_validated', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('validation_status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('none')
        .check(sql`validation_status in ('none', 'email_sent', 'pending', 'approved', 'rejected')`),
    )
    .addColumn('subscription', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subscription_status', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_access_at', 'timestamptz')
    .addColumn('last_email_at', 'timestamptz')
    .execute();
  await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
  await sql`create unique index users_email_lower on users (lower(email))`.execute(db);
  await sql`create index users_validation_pending on users (created_at) where validation_status = 'pending'`.execute(
    db,
  );

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_used_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('user_agent', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('user_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) =>
      c.notNull().check(sql`purpose in ('recovery', 'email_validation')`),
    )
    .addColumn('token_hash', 'bytea', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('user_tokens_user_purpose')
    .on('user_tokens')
    .columns(['user_id', 'purpose'])
    .execute();
  await db.schema
    .createIndex('user_tokens_expires_at')
    .on('user_tokens')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('delivery', 'text', (c) =>
      c.notNull().check(sql`delivery in ('logged', 'sent', 'failed')`),
    )
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('outbox_created_at').on('outbox').column('created_at').execute();

  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rate_limits_expires_at')
    .on('rate_limits')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['rate_limits', 'outbox', 'user_tokens', 'sessions', 'users']) {
    await db.schema.dropTable(table).execute();
  }
}
