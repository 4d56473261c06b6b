import { sql, type Insertable, type Updateable } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { PromptTable } from '../../db/schema.ts';
import { createPromptQueueRepository } from './prompt-queue.repository.ts';
import { promptQuery, type PromptQueryAst } from './prompt-query.ts';
import { promptRows, type PromptRow, type RemoveAllFilter } from './prompt-rows.repository.ts';

export {
  ANSWER_QUEUE,
  type ClaimedPrompt,
  type PromptRow,
  type QueueEntryRow,
  type RemoveAllFilter,
} from './prompt-rows.repository.ts';

/**
 * SQL of prompts: the API's side here (create, edit, read, remove), the AI queue's side in
 * prompt-queue.repository.ts; no decisions.
 */
export function createPromptRepository(db: Database) {
  const base = () => promptRows(db);

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
    ...createPromptQueueRepository(db),

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
  };
}

export type PromptRepository = ReturnType<typeof createPromptRepository>;
