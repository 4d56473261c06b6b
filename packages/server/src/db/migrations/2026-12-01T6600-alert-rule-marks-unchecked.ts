import { sql, type Kysely } from 'kysely';

/**
 * A rule's marks (`alert_rule_marks`) go with the rule through a statement trigger, not a
 * foreign key: a storm's evaluation writes tens of thousands of marks in one statement, and the
 * key's check locked each mark's rule row one by one (a quarter of the statement's time). A mark
 * of a rule deleted while an evaluation ran (it saw the rule) is left behind and never read:
 * every read joins the rules, and rule ids are never used again; the key's check made that
 * evaluation fail instead.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table alert_rule_marks drop constraint alert_rule_marks_rule_id_fkey`.execute(db);
  await sql`
    create function delete_alert_rule_marks() returns trigger language plpgsql as $$
    begin
      delete from alert_rule_marks m using old_rows o where m.rule_id = o.id;
      return null;
    end $$`.execute(db);
  // A user's removal deletes their rules by cascade, which fires this trigger too.
  await sql`
    create trigger alert_rules_delete_marks after delete on alert_rules
    referencing old table as old_rows for each statement
    execute function delete_alert_rule_marks()`.execute(db);
  await sql`
    create function delete_all_alert_rule_marks() returns trigger language plpgsql as $$
    begin
      delete from alert_rule_marks;
      return null;
    end $$`.execute(db);
  await sql`
    create trigger alert_rules_truncate_marks after truncate on alert_rules
    for each statement execute function delete_all_alert_rule_marks()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger alert_rules_truncate_marks on alert_rules`.execute(db);
  await sql`drop trigger alert_rules_delete_marks on alert_rules`.execute(db);
  await sql`drop function delete_all_alert_rule_marks()`.execute(db);
  await sql`drop function delete_alert_rule_marks()`.execute(db);
  await sql`delete from alert_rule_marks m
    where not exists (select 1 from alert_rules r where r.id = m.rule_id)`.execute(db);
  await sql`alter table alert_rule_marks add constraint alert_rule_marks_rule_id_fkey
    foreign key (rule_id) references alert_rules (id) on delete cascade`.execute(db);
}
