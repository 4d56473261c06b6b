import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PromptType } from '../../db/schema.ts';

/** The pg-boss queue that writes answers (its jobs live in the `pgboss` schema). */
export const ANSWER_QUEUE = 'prompts.answer';

/** What the API and the worker read of a prompt. */
export type PromptRow = {
  id: string;
  user_id: string;
  username: string;
  title: string;
  prompt: string;
  type: PromptType;
  subtype: 'EMAIL_SUMMARY' | null;
  status: 'INDEX' | 'PROCESSED' | 'FAILED';
  status_reason: string | null;
  creation_date: Date;
  system: string | null;
  system_name: string | null;
  ai_summary: string | null;
  raw: unknown;
  article_id: string | null;
  selection: string[];
  use_markdown: boolean;
  citations: unknown;
  provider: string | null;
  attempts: number;
  started_at: Date | null;
  /** Position among the waiting prompts (1 = next), 0 when not waiting. */
  ai_queue_size: number;
};

/** A prompt a worker has claimed, with what its owner's plan is. */
export type ClaimedPrompt = PromptRow & {
  subscription: string;
  subscription_status: string;
  current_period_end: Date | null;
  is_admin: boolean;
  /** Its place in line when claimed; an edit gives it a new one, voiding this attempt. */
  queue_seq: string;
};

export type QueueEntryRow = {
  id: string;
  username: string;
  type: PromptType;
  title: string;
  priority: number;
  attempts: number;
  queued_at: Date;
  started_at: Date | null;
};

/** Which of a user's prompts `rm/ALL` removes. */
export type RemoveAllFilter = { types: PromptType[]; articleId?: string | null };

const COLUMNS = [
  'p.id',
  'p.user_id',
  'u.username',
  'p.title',
  'p.prompt',
  'p.type',
  'p.subtype',
  'p.status',
  'p.status_reason',
  'p.creation_date',
  'p.system',
  'p.system_name',
  'p.ai_summary',
  'p.raw',
  'p.article_id',
  'p.selection',
  'p.use_markdown',
  'p.citations',
  'p.provider',
  'p.attempts',
  'p.started_at',
] as const;

/** Waiting prompts ahead of `p`, plus one; 0 for a prompt that is not waiting. Uses prompts_queue. */
const queuePosition = sql<number>`case when p.status = 'INDEX' and not p.deleted
    and p.started_at is null then (
      select count(*)::int + 1 from prompts w
      where w.status = 'INDEX' and not w.deleted and w.started_at is null
        and (w.priority > p.priority or (w.priority = p.priority and w.queue_seq < p.queue_seq))
    ) else 0 end`;

/** A prompt as the API and the worker read it (with its place in line), unless removed. */
export const promptRows = (db: Database) =>
  db
    .selectFrom('prompts as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .select([...COLUMNS, queuePosition.as('ai_queue_size')])
    .where('p.deleted', '=', false);
