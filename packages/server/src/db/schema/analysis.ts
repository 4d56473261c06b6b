import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, TimestampDefault } from './columns.ts';

/* Tables of the AI: the analyst's company analyses and the assistant's prompts and answers. */

/** A company analysis (§3 Company prompt/review); `citations` are news ids, `[1]` the first. */
export type CompanyPromptTable = {
  id: Generated<string>;
  company_id: string;
  ai_summary: string;
  citations: ColumnType<string[], string[] | undefined, string[]>;
  sentiment_score: number;
  provider: string;
  inputs_fingerprint: string;
  news_count: Generated<number>;
  ai_upload_date: TimestampDefault;
  last_visited_date: Date | null;
};

export type PromptType = 'PORTFOLIO' | 'email_prompt' | 'CHAT';

export type PromptStatus = 'INDEX' | 'PROCESSED' | 'FAILED';

/**
 * A prompt or chat question with its answer (§3 Prompt/chat task). `raw` is the chat turns
 * (`{role, content}`), `citations` the API form of the answer's sources; `priority`, `queue_seq`,
 * `started_at`, `attempts` and `job_id` are the AI queue's bookkeeping.
 */
export type PromptTable = {
  id: Generated<string>;
  user_id: string;
  title: Generated<string>;
  prompt: string;
  type: PromptType;
  subtype: 'EMAIL_SUMMARY' | null;
  status: Generated<PromptStatus>;
  status_reason: string | null;
  creation_date: Timestamp;
  system: string | null;
  system_name: string | null;
  ai_summary: string | null;
  raw: ColumnType<unknown, string | undefined, string>;
  article_id: string | null;
  selection: ColumnType<string[], string[] | undefined, string[]>;
  use_markdown: Generated<boolean>;
  citations: ColumnType<unknown, string | undefined, string>;
  provider: string | null;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  /** numeric: pg returns it as a string. */
  cost_usd: ColumnType<string | null, number | null | undefined, number | null>;
  processed_at: Timestamp | null;
  deleted: Generated<boolean>;
  priority: Generated<number>;
  /** bigint: pg returns it as a string. */
  queue_seq: ColumnType<string, never, never>;
  queued_at: Timestamp;
  started_at: Timestamp | null;
  attempts: Generated<number>;
  job_id: string | null;
  updated_at: TimestampDefault;
};
