import path from 'node:path';
import { sql } from 'kysely';
import { createDatabase } from '../../packages/server/src/db/database.ts';
import { startEmbeddedPostgres } from '../../packages/server/src/db/embedded.ts';
import { migrateToLatest } from '../../packages/server/src/db/migrate.ts';
import { ensureDemoCompanies } from '../../packages/server/src/modules/companies/demo-companies.ts';
import { startStackOn, type BenchStack } from './harness.ts';

/**
 * The bench stack on a kept data folder (a suite's `BENCH_…_DATA_DIR`): a suite's bulk load
 * (a million articles) takes minutes, so repeated runs (before and after a change) reuse it.
 * PostgreSQL starts on the folder (created when missing), pending migrations run without time
 * limits, the demo listings are loaded when missing; then the reference server and our API on it
 * (`nodeArgs`, e.g. `--cpu-prof`, go to the API process). `stop` keeps the folder.
 */
export async function startKeptStack(
  label: string,
  dir: string,
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
): Promise<BenchStack> {
  const database = await startEmbeddedPostgres({
    dir: path.resolve(dir),
    port: 0,
    log: () => undefined,
    ephemeral: true,
  });
  const setup = createDatabase({
    url: database.url,
    maxConnections: 1,
    statementTimeoutMs: 0,
    queryTimeoutMs: 0,
  });
  try {
    const started = performance.now();
    const applied = await migrateToLatest(setup);
    if (applied.length > 0) {
      console.log(
        `${label}: migrations ${applied.join(', ')} applied to the kept data in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      // A migration that rewrote the articles left their old versions behind: what autovacuum
      // would do in time, done before measuring.
      const vacuumed = performance.now();
      await sql`vacuum analyze news`.execute(setup);
      console.log(
        `${label}: vacuum analyze news after the migrations in ${((performance.now() - vacuumed) / 1000).toFixed(1)} s`,
      );
    }
    await ensureDemoCompanies(setup);
  } finally {
    await setup.destroy();
  }
  return startStackOn(database, env, nodeArgs);
}
