import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * SQL of the live bus: `pg_notify` on the database, or on a writer's transaction (a Kysely
 * transaction is a Database too), where the notification goes out when the transaction commits.
 */
export async function notify(executor: Database, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(executor);
}
