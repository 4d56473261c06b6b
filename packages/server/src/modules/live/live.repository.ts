import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * SQL of the live bus: `pg_notify` on the database, or on a writer's transaction (a Kysely
 * transaction is a Database too), where the notification goes out when the transaction commits.
 */
export async function notify(executor: Database, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(executor);
}

/**
 * Several notifications in one statement, in order: one round trip and, outside a transaction,
 * one commit. Every commit that notifies takes PostgreSQL's cluster-wide notify lock and holds it
 * until the commit is done (a wait that `statement_timeout` does not cover, only the client's
 * query timeout), so a universe quote refresh that sent each 7 KB part on its own (three commits
 * per 100 listings, besides the upsert's) queued three times as often behind every other writer's
 * notifying commit.
 */
export async function notifyAll(
  executor: Database,
  channel: string,
  payloads: readonly string[],
): Promise<void> {
  if (payloads.length === 0) return;
  if (payloads.length === 1) return notify(executor, channel, payloads[0] as string);
  await sql`select pg_notify(${channel}, p.payload)
    from unnest(${payloads}::text[]) as p(payload)`.execute(executor);
}
