import { createHash } from 'node:crypto';
import type { CompiledQuery } from 'kysely';
import { poolOf, type Database } from './database.ts';

/** Distinct statements kept prepared per connection at most, per runner (the news query language has many shapes). */
export const PREPARED_MAX = 200;

/**
 * Runs hot read queries as named prepared statements: PostgreSQL parses and plans a statement
 * once per connection instead of on every call. The article JSON (`apiNewsJson`) with
 * its subqueries took PostgreSQL 0.6–1.5 ms to parse and plan and 0.1–0.5 ms to execute at a
 * million articles (auto_explain, bench/news), so planning was most of a feed call's database
 * time; the referral page's statement planned in 0.22–0.32 ms and ran in 0.07–0.11 ms. The name
 * is `prefix` and a hash of the SQL text (pg checks that one name always carries one text); past
 * {@link PREPARED_MAX} distinct texts a query runs unnamed, as Kysely would.
 */
export function createPreparedRunner(db: Database, prefix: string) {
  const pool = poolOf(db);
  const names = new Map<string, string>();
  return async function run<R>(compiled: CompiledQuery<R>): Promise<R[]> {
    if (!pool) return (await db.executeQuery(compiled)).rows;
    let name = names.get(compiled.sql);
    if (name === undefined) {
      if (names.size >= PREPARED_MAX) return (await db.executeQuery(compiled)).rows;
      name = `${prefix}_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 24)}`;
      names.set(compiled.sql, name);
    }
    const result = await pool.query<R & object>({
      name,
      text: compiled.sql,
      values: [...compiled.parameters],
    });
    return result.rows;
  };
}
