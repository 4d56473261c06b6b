import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Tables whose rows carry an `expires_at` and are useless once it passes. Later modules add
 * theirs here.
 */
export const EXPIRING_TABLES = ['cache_entries', 'sessions', 'user_tokens', 'rate_limits'] as const;

export type ExpiringTable = (typeof EXPIRING_TABLES)[number];

/** SQL of the housekeeping jobs. */
export function createMaintenanceRepository(db: Database) {
  return {
    /** Deletes up to `batchSize` rows of `table` that expired before `now`; returns how many. */
    deleteExpired: async (table: ExpiringTable, now: Date, batchSize: number) => {
      const result = await sql`
        delete from ${sql.table(table)} where ctid in (
          select ctid from ${sql.table(table)} where expires_at < ${now} limit ${batchSize}
        )`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },
  };
}

export type MaintenanceRepository = ReturnType<typeof createMaintenanceRepository>;
