import { sql, type Kysely } from 'kysely';

/**
 * Company analyses (§3 Company prompt/review): the analyst's markdown review of a company, written
 * from its price action and recent news. `citations` are the ids of the articles its numbered
 * markers point at (`[1]` is `citations[1]` in SQL, the first element). `inputs_fingerprint`
 * hashes what the analysis was written from, so unchanged inputs are not written again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table company_prompts (
      id uuid primary key default gen_random_uuid(),
      company_id uuid not null references companies (id) on delete cascade,
      ai_summary text not null,
      citations uuid[] not null default '{}',
      sentiment_score double precision not null,
      provider text not null,
      inputs_fingerprint text not null,
      news_count integer not null default 0,
      ai_upload_date timestamptz not null default now(),
      last_visited_date timestamptz
    )`.execute(db);
  // The latest analyses of every company, newest first (`/company/latest_prompts`).
  await sql`create index company_prompts_latest on company_prompts (ai_upload_date desc, id desc)`.execute(
    db,
  );
  // One company's analyses newest first, and its last fingerprint.
  await sql`create index company_prompts_company on company_prompts
    (company_id, ai_upload_date desc, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table company_prompts`.execute(db);
}
