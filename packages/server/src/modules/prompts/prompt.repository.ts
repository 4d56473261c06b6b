import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PromptTable, PromptType } from '../../db/schema.ts';
import { promptQuery, type PromptQueryAst } from './prompt-query.ts';

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

/** SQL of prompts and the AI queue's bookkeeping; no decisions. */
export function createPromptRepository(db: Database) {
  const base = () =>
    db
      .selectFrom('prompts as p')
      .innerJoin('users as u', 'u.id', 'p.user_id')
      .select([...COLUMNS, queuePosition.as('ai_queue_size')])
      .where('p.deleted', '=', false);

  /**
   * Runs `write` in a transaction holding the user's prompt lock, after `check` saw how many of
   * their prompts wait (besides `exceptId`), so two tabs cannot both pass the open-prompt limit.
   */
  const underUserLock = <T>(
    userId: string,
    exceptId: string | null,
    check: (open: number) => Promise<void>,
    write: (trx: Database) => Promise<T>,
  ): Promise<T> =>
    db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${`prompts:${userId}`}))`.execute(trx);
      const { open } = await trx
        .selectFrom('prompts')
        .select((eb) => eb.fn.countAll<string>().as('open'))
        .where('user_id', '=', userId)
        .where('status', '=', 'INDEX')
        .where('deleted', '=', false)
        .$if(exceptId !== null, (qb) => qb.where('id', '!=', exceptId ?? ''))
        .executeTakeFirstOrThrow();
      await check(Number(open));
      return write(trx);
    });

  return {
    /** The user's name and subscription (the plan decides priority, quota and budget). */
    account: (userId: string) =>
      db
        .selectFrom('users')
        .select(['username', 'subscription', 'subscription_status', 'current_period_end'])
        .where('id', '=', userId)
        .executeTakeFirst(),

    /** Stores a new prompt if `check` accepts the user's open prompts; returns its id. */
    create: (
      values: Insertable<PromptTable>,
      check: (open: number) => Promise<void>,
    ): Promise<string> =>
      underUserLock(values.user_id, null, check, async (trx) => {
        const row = await trx
          .insertInto('prompts')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),

    /**
     * Replaces the user's own prompt with an edited one and queues it again (a new place at the
     * back of its plan's line); undefined when it is not theirs or was removed.
     */
    reopen: (
      id: string,
      userId: string,
      values: Updateable<PromptTable>,
      check: (open: number) => Promise<void>,
    ): Promise<string | undefined> =>
      underUserLock(userId, id, check, async (trx) => {
        const row = await trx
          .updateTable('prompts')
          .set({
            ...values,
            status: 'INDEX',
            status_reason: null,
            ai_summary: null,
            citations: '[]',
            provider: null,
            prompt_tokens: null,
            completion_tokens: null,
            cost_usd: null,
            processed_at: null,
            started_at: null,
            attempts: 0,
            job_id: null,
            queue_seq: sql`nextval('prompts_queue_seq')`,
          })
          .where('id', '=', id)
          .where('user_id', '=', userId)
          .where('deleted', '=', false)
          .returning('id')
          .executeTakeFirst();
        return row?.id;
      }),

    setJob: async (id: string, jobId: string | null): Promise<void> => {
      await db.updateTable('prompts').set({ job_id: jobId }).where('id', '=', id).execute();
    },

    /** One prompt of `userId` (any user's when null), unless removed. */
    find: (id: string, userId: string | null): Promise<PromptRow | undefined> =>
      base()
        .where('p.id', '=', id)
        .$if(userId !== null, (qb) => qb.where('p.user_id', '=', userId ?? ''))
        .executeTakeFirst(),

    /** Prompts by the query language, of one user (by id or by name) or of everyone. */
    query: (
      ast: PromptQueryAst,
      scope: { userId?: string; username?: string },
    ): Promise<PromptRow[]> =>
      promptQuery
        .apply(
          base()
            .$if(scope.userId !== undefined, (qb) => qb.where('p.user_id', '=', scope.userId ?? ''))
            .$if(scope.username !== undefined, (qb) =>
              qb.where('u.username', '=', scope.username ?? ''),
            ),
          ast,
        )
        .execute(),

    /** Marks one of the user's prompts removed; the number removed (0 or 1). */
    remove: async (userId: string, id: string, now: Date): Promise<number> => {
      const result = await db
        .updateTable('prompts')
        .set({ deleted: true, updated_at: now })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('deleted', '=', false)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Marks the user's prompts of some types (and of one article's panel) removed. */
    removeAll: async (userId: string, filter: RemoveAllFilter, now: Date): Promise<number> => {
      if (filter.types.length === 0) return 0;
      const result = await db
        .updateTable('prompts')
        .set({ deleted: true, updated_at: now })
        .where('user_id', '=', userId)
        .where('deleted', '=', false)
        .where('type', 'in', filter.types)
        .$if(filter.articleId !== undefined, (qb) =>
          filter.articleId === null
            ? qb.where('article_id', 'is', null)
            : qb.where(sql<boolean>`article_id::text = ${filter.articleId ?? ''}`),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

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
      return base()
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

export type PromptRepository = ReturnType<typeof createPromptRepository>;
