import { sql, type Kysely } from 'kysely';

/**
 * One-click unsubscribe from the e-mails of one alert rule: a token of kind `rule` names the
 * rule. No foreign key: a rule deleted after its mail went out leaves a token that changes
 * nothing, and the mail of a rule deleted while it waited in the outbox still gets its link.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_unsubscribe_tokens add column if not exists rule_id uuid`.execute(db);
  await sql`alter table alert_unsubscribe_tokens
    drop constraint if exists alert_unsubscribe_tokens_kind_check`.execute(db);
  await sql`alter table alert_unsubscribe_tokens add constraint alert_unsubscribe_tokens_kind_check
    check (kind in ('instant', 'daily', 'weekly', 'rule') and (kind = 'rule') = (rule_id is not null))`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from alert_unsubscribe_tokens where kind = 'rule'`.execute(db);
  await sql`alter table alert_unsubscribe_tokens
    drop constraint if exists alert_unsubscribe_tokens_kind_check`.execute(db);
  await sql`alter table alert_unsubscribe_tokens add constraint alert_unsubscribe_tokens_kind_check
    check (kind in ('instant', 'daily', 'weekly'))`.execute(db);
  await sql`alter table alert_unsubscribe_tokens drop column if exists rule_id`.execute(db);
}
