/**
 * Benchmark users made by SQL (no argon2, no sign-up round trips): `count` users named
 * `{prefix}{i}` with a plan each, and a session whose bearer token is the SHA-256 (hex) of the
 * username, stored as the server stores tokens (the SHA-256 of the token).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Database } from '../../packages/server/src/db/database.ts';

export type BenchPlan = 'free' | 'tier1_monthly' | 'tier2_monthly' | 'tier3_monthly';
export const BENCH_PLANS: readonly BenchPlan[] = [
  'free',
  'tier1_monthly',
  'tier2_monthly',
  'tier3_monthly',
];

export type BenchUser = { id: string; username: string; token: string; plan: BenchPlan };

const tokenOf = (username: string) => createHash('sha256').update(username).digest('hex');

/** Users `{prefix}1` … `{prefix}{count}`; user i gets `plan(i)`; `admin` makes them admins. */
export async function createBenchUsers(
  db: Database,
  options: { prefix: string; count: number; plan: (i: number) => BenchPlan; admin?: boolean },
): Promise<BenchUser[]> {
  const { prefix, count } = options;
  const plans = Array.from({ length: count }, (_, i) => options.plan(i + 1));
  const rows = await sql<{ id: string; username: string; i: number }>`
    insert into users (username, email, password_hash, share_referral_code, subscription,
      subscription_status, is_admin, is_email_validated, validation_status)
    select ${prefix} || i, ${prefix} || i || '@bench.example', 'not-a-hash', ${prefix} || '-ref-' || i,
      case when p.plan = 'free' then '' else p.plan end,
      case when p.plan = 'free' then '' else 'active' end,
      ${options.admin ?? false}, true, 'approved'
    from unnest(${plans}::text[]) with ordinality as p(plan, i)
    returning id, username, substring(username from ${prefix.length + 1})::int as i`.execute(db);
  await sql`
    insert into sessions (user_id, token_hash, expires_at)
    select id, sha256(convert_to(encode(sha256(convert_to(username, 'UTF8')), 'hex'), 'UTF8')),
      now() + interval '30 days'
    from users where username like ${`${prefix}%`} and id = any(${rows.rows.map((r) => r.id)}::uuid[])`.execute(
    db,
  );
  return rows.rows
    .sort((a, b) => a.i - b.i)
    .map((row) => ({
      id: row.id,
      username: row.username,
      token: tokenOf(row.username),
      plan: plans[row.i - 1] ?? 'free',
    }));
}
