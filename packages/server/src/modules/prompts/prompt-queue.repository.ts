import { sql, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PromptTable } from '../../db/schema.ts';
import {
  ANSWER_QUEUE,
  promptRows,
  type ClaimedPrompt,
  type QueueEntryRow,
} from './prompt-rows.repository.ts';

/** SQL of the AI queue's side of prompts (the worker, the sweep, the admin's queue); no decisions. */
export function createPromptQueueRepository(db: Database) {
  return {
    /**
     * Takes a waiting prompt for writing (counting the attempt); undefined when it was removed,
     * answered or never existed, so a stale job does nothing.
     */
    claim: async (id: string, now: Date): Promise<ClaimedPrompt | undefined> => {
      const claimed = await db
        .updateTable('prompts')
        .set((eb) => ({ started_at: now, attempts: eb('attempts', '+', 1), updated_at: now }))
        .where('id', '=', id)
        .where('status', '=', 'INDEX')
        .where('deleted', '=', false)
        .returning('id')
        .executeTakeFirst();
      if (!claimed) return undefined;
      return promptRows(db)
        .select([
          'u.subscription',
          'u.subscription_status',
          'u.current_period_end',
          'u.is_admin',
          'p.queue_seq',
        ])
        .where('p.id', '=', id)
        .executeTakeFirst();
    },

    /** Stores the answer; false when the prompt was removed or edited meanwhile. */
    complete: async (
      id: string,
      queueSeq: string,
      values: Updateable<PromptTable>,
    ): Promise<boolean> => {
      const result = await db
        .updateTable('prompts')
        .set({ ...values, status: 'PROCESSED', status_reason: null, started_at: null })
        .where('id', '=', id)
        .where('status', '=', 'INDEX')
        .where(sql<boolean>`queue_seq = ${queueSeq}::bigint`)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Puts a prompt back in line after a failed attempt (the job is retried with backoff). */
    retryLater: async (id: string, reason: string, now: Date): Promise<void> => {
      await db
        .updateTable('prompts')
        .set({ started_at: null, status_reason: reason, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'INDEX')
        .execute();
    },

    /** Ends a waiting prompt FAILED with the reason its owner reads. */
    fail: async (id: string, reason: string, now: Date): Promise<boolean> => {
      const result = await db
        .updateTable('prompts')
        .set({ status: 'FAILED', status_reason: reason, started_at: null, updated_at: now })
        .where('id', '=', id)
        .where('status', '=', 'INDEX')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** The user's earlier answered turns of the same chat (same article or none), oldest first. */
    history: async (
      userId: string,
      articleId: string | null,
      beforeId: string,
      limit: number,
    ): Promise<{ prompt: string; ai_summary: string }[]> => {
      const rows = await db
        .selectFrom('prompts')
        .select(['prompt', 'ai_summary', 'creation_date'])
        .where('user_id', '=', userId)
        .where('type', '=', 'CHAT')
        .where('status', '=', 'PROCESSED')
        .where('deleted', '=', false)
        .where((eb) =>
          articleId === null ? eb('article_id', 'is', null) : eb('article_id', '=', articleId),
        )
        // Asked before this one (the sequence breaks ties between questions of one instant).
        .where(
          sql<boolean>`(creation_date, queue_seq) < (
            select q.creation_date, q.queue_seq from prompts q where q.id = ${beforeId})`,
        )
        .orderBy('creation_date', 'desc')
        .orderBy('queue_seq', 'desc')
        .limit(limit)
        .execute();
      return rows
        .reverse()
        .map((row) => ({ prompt: row.prompt, ai_summary: row.ai_summary ?? '' }));
    },

    /** The queue as the admin sees it: waiting prompts in order, and those being written. */
    queueState: async (limit: number) => {
      const select = () =>
        db
          .selectFrom('prompts as p')
          .innerJoin('users as u', 'u.id', 'p.user_id')
          .select([
            'p.id',
            'u.username',
            'p.type',
            'p.title',
            'p.priority',
            'p.attempts',
            'p.queued_at',
            'p.started_at',
          ])
          .where('p.status', '=', 'INDEX')
          .where('p.deleted', '=', false);
      const [waiting, processing] = await Promise.all([
        select()
          .where('p.started_at', 'is', null)
          .orderBy('p.priority', 'desc')
          .orderBy('p.queue_seq')
          .limit(limit)
          .execute(),
        select()
          .where('p.started_at', 'is not', null)
          .orderBy('p.started_at')
          .limit(limit)
          .execute(),
      ]);
      return { waiting: waiting as QueueEntryRow[], processing: processing as QueueEntryRow[] };
    },

    /**
     * Waiting prompts queued before `before` whose job is missing or over (never queued, or
     * failed, cancelled or completed without an answer): the sweep ends or requeues them.
     */
    orphans: async (before: Date, limit: number) =>
      (
        await sql<{ id: string; job_id: string | null; attempts: number }>`
          select p.id, p.job_id, p.attempts from prompts p
          where p.status = 'INDEX' and not p.deleted and p.queued_at < ${before}
            and (p.job_id is null or not exists (
              select 1 from pgboss.job j
              where j.name = ${ANSWER_QUEUE} and j.id = p.job_id
                and j.state in ('created', 'retry', 'active')))
          order by p.queued_at
          limit ${limit}`.execute(db)
      ).rows,

    /** Deletes prompts removed before `before` (the day's quota no longer needs them). */
    purgeRemoved: async (before: Date): Promise<number> => {
      const result = await db
        .deleteFrom('prompts')
        .where('deleted', '=', true)
        .where('updated_at', '<', before)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
