import { sql, type Kysely } from 'kysely';

/**
 * A quote refresh evaluates only the alert conditions that may hold now or held at the last
 * evaluation: the rules on one symbol whose level the quote has reached are a range of this
 * index (symbol, kind, threshold), and the conditions that held are the marks of this partial
 * index, not every rule × symbol pair.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index alert_rules_active_level on alert_rules (symbol, kind, threshold)
    where status = 'active' and scope = 'symbol'`.execute(db);
  await sql`drop index alert_rules_active_symbol`.execute(db);
  await sql`create index alert_rule_marks_holding on alert_rule_marks (symbol) where holds`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index alert_rule_marks_holding`.execute(db);
  await sql`create index alert_rules_active_symbol on alert_rules (symbol, kind)
    where status = 'active' and scope = 'symbol'`.execute(db);
  await sql`drop index alert_rules_active_level`.execute(db);
}
