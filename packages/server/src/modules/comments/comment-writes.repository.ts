import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { visibleDelta } from './comment-rules.ts';
import { NO_PARENT, type NewComment, type Trx, type WriteRefusal } from './comment-rows.ts';

type Locked = {
  id: string;
  article_id: string;
  parent_comment_id: string | null;
  user_id: string | null;
  is_report: boolean;
  is_hidden: boolean;
  hidden_by: 'admin' | 'reports' | null;
  is_deleted: boolean;
  no_replies: number;
};

async function lock(trx: Trx, id: string): Promise<Locked | undefined> {
  return trx
    .selectFrom('comments')
    .select([
      'id',
      'article_id',
      'parent_comment_id',
      'user_id',
      'is_report',
      'is_hidden',
      'hidden_by',
      'is_deleted',
      'no_replies',
    ])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Adds to the article's counters (creating its row on first use). The news repository reads
 * `comment_counts.visible` as each article's `no_comments` (one primary-key lookup in the feed
 * query): the one table of this module another module reads.
 */
async function count(trx: Trx, articleId: string, visible: number, topLevel: number) {
  if (visible === 0 && topLevel === 0) return;
  await trx
    .insertInto('comment_counts')
    .values({
      article_id: articleId,
      visible: Math.max(0, visible),
      top_level: Math.max(0, topLevel),
    })
    .onConflict((oc) =>
      oc.column('article_id').doUpdateSet({
        visible: sql<number>`comment_counts.visible + ${visible}`,
        top_level: sql<number>`comment_counts.top_level + ${topLevel}`,
      }),
    )
    .execute();
}

/** Closes a comment's open reports (its target was hidden or deleted). */
async function resolveReports(trx: Trx, comment: Locked) {
  await trx
    .updateTable('comments')
    .set({ report_state: 'resolved' })
    .where(sql<boolean>`is_report`)
    .where('report_state', '=', 'open')
    .where('article_id', '=', comment.article_id)
    .where('parent_comment_id', '=', comment.id)
    .execute();
}

/**
 * Removes a comment that has no replies, and then each ancestor that was deleted and is left
 * without replies (a '[deleted]' placeholder has nothing left to keep its place for).
 */
async function removeRow(trx: Trx, row: Locked): Promise<void> {
  await trx.deleteFrom('comments').where('id', '=', row.id).execute();
  await count(trx, row.article_id, visibleDelta(row, null), row.parent_comment_id ? 0 : -1);
  if (!row.parent_comment_id) return;
  const parent = await lock(trx, row.parent_comment_id);
  if (!parent) return;
  await trx
    .updateTable('comments')
    .set({ no_replies: sql<number>`no_replies - 1` })
    .where('id', '=', parent.id)
    .execute();
  if (parent.is_deleted && parent.no_replies - 1 === 0) {
    await removeRow(trx, { ...parent, no_replies: 0 });
  }
}

/** Hides or shows a comment with its counter; closes its reports when an admin hides it. */
async function setHiddenLocked(
  trx: Trx,
  row: Locked,
  hidden: boolean,
  by: 'admin' | 'reports',
): Promise<void> {
  if (row.is_hidden === hidden) {
    if (hidden && by === 'admin' && row.hidden_by !== 'admin') {
      await trx
        .updateTable('comments')
        .set({ hidden_by: 'admin' })
        .where('id', '=', row.id)
        .execute();
      await resolveReports(trx, row);
    }
    return;
  }
  await trx
    .updateTable('comments')
    .set({ is_hidden: hidden, hidden_by: hidden ? by : null })
    .where('id', '=', row.id)
    .execute();
  await count(trx, row.article_id, visibleDelta(row, { ...row, is_hidden: hidden }), 0);
  if (hidden && by === 'admin') await resolveReports(trx, row);
}

/**
 * SQL of the writes of comments, replies and reports, each in one transaction with the article's
 * counters and the parent's `no_replies` (rows locked); no decisions (the service passes them).
 */
export function createCommentWrites(db: Database) {
  return {
    /**
     * Inserts a comment or reply with its counters in one transaction. The parent is locked and
     * checked again inside it: a reply never lands under a comment deleted or hidden meanwhile.
     */
    insert: (
      comment: NewComment,
      parentOk: (parent: {
        is_hidden: boolean;
        is_deleted: boolean;
        article_id: string;
      }) => boolean,
    ): Promise<{ id: string } | WriteRefusal> =>
      db.transaction().execute(async (trx) => {
        if (comment.parent_comment_id) {
          const parent = await lock(trx, comment.parent_comment_id);
          if (!parent || parent.is_report || !parentOk(parent)) return 'parent-missing' as const;
          await trx
            .updateTable('comments')
            .set({ no_replies: sql<number>`no_replies + 1` })
            .where('id', '=', parent.id)
            .execute();
        }
        const row = await trx
          .insertInto('comments')
          .values({ ...comment, is_report: false })
          .returning('id')
          .executeTakeFirstOrThrow();
        await count(trx, comment.article_id, 1, comment.parent_comment_id ? 0 : 1);
        return row;
      }),

    /**
     * Records a report (one per user and target) and hides the reported comment once `autoHideAt`
     * distinct users have open reports on it. Answers whether the comment was hidden by it.
     */
    insertReport: (
      report: NewComment,
      autoHideAt: number,
    ): Promise<{ id: string; hidden: boolean } | WriteRefusal> =>
      db.transaction().execute(async (trx) => {
        const target = report.parent_comment_id ? await lock(trx, report.parent_comment_id) : null;
        if (report.parent_comment_id && (!target || target.is_report || target.is_deleted)) {
          return 'parent-missing' as const;
        }
        const inserted = await sql<{ id: string }>`
          insert into comments
            (article_id, parent_comment_id, user_id, content, content_hash, is_report, report_state, created_at)
          values (${report.article_id}, ${report.parent_comment_id}, ${report.user_id},
                  ${report.content}, ${report.content_hash}, true, 'open', ${report.created_at})
          on conflict (user_id, article_id, coalesce(parent_comment_id, ${NO_PARENT}::uuid))
            where is_report
          do nothing
          returning id`.execute(trx);
        const row = inserted.rows[0];
        if (!row) return 'duplicate-report' as const;
        if (!target || target.is_hidden) return { id: row.id, hidden: false };
        const reporters = Number(
          (
            await trx
              .selectFrom('comments')
              .select((eb) => eb.fn.count<string>('user_id').distinct().as('n'))
              .where(sql<boolean>`is_report`)
              .where('report_state', '=', 'open')
              .where('article_id', '=', target.article_id)
              .where('parent_comment_id', '=', target.id)
              .executeTakeFirstOrThrow()
          ).n,
        );
        if (reporters < autoHideAt) return { id: row.id, hidden: false };
        await setHiddenLocked(trx, target, true, 'reports');
        return { id: row.id, hidden: true };
      }),

    /** Replaces the text of a comment that is neither deleted nor a report. */
    updateContent: async (
      id: string,
      content: string,
      contentHash: string,
      at: Date,
    ): Promise<boolean> =>
      (
        await db
          .updateTable('comments')
          .set({ content, content_hash: contentHash, updated_at: at })
          .where('id', '=', id)
          .where('is_deleted', '=', false)
          .where('is_report', '=', false)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    /**
     * Deletes a comment: removed with its counters when nothing answers it, else kept as a
     * '[deleted]' placeholder without its text or author. `allowed` decides on the locked row.
     */
    remove: (
      id: string,
      allowed: (row: { user_id: string | null; is_report: boolean }) => boolean,
    ): Promise<'removed' | 'placeholder' | 'forbidden' | WriteRefusal> =>
      db.transaction().execute(async (trx) => {
        const row = await lock(trx, id);
        if (!row || row.is_report || row.is_deleted) return 'missing' as const;
        if (!allowed(row)) return 'forbidden' as const;
        if (row.no_replies === 0) {
          await removeRow(trx, row);
          return 'removed' as const;
        }
        await trx
          .updateTable('comments')
          .set({ is_deleted: true, content: '', content_hash: '', user_id: null })
          .where('id', '=', row.id)
          .execute();
        await count(trx, row.article_id, visibleDelta(row, { ...row, is_deleted: true }), 0);
        await resolveReports(trx, row);
        return 'placeholder' as const;
      }),

    /** An admin hides or shows a comment. */
    setHidden: (id: string, hidden: boolean): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const row = await lock(trx, id);
        if (!row || row.is_report || row.is_deleted) return false;
        await setHiddenLocked(trx, row, hidden, 'admin');
        return true;
      }),

    /**
     * Dismisses the open reports of an article or a comment; a comment hidden by reports is
     * shown again (an admin found nothing wrong). Answers how many reports were dismissed.
     */
    dismissReports: (articleId: string, commentId: string | null): Promise<number> =>
      db.transaction().execute(async (trx) => {
        const target = commentId ? await lock(trx, commentId) : null;
        let query = trx
          .updateTable('comments')
          .set({ report_state: 'dismissed' })
          .where(sql<boolean>`is_report`)
          .where('report_state', '=', 'open')
          .where('article_id', '=', articleId);
        query =
          commentId === null
            ? query.where('parent_comment_id', 'is', null)
            : query.where('parent_comment_id', '=', commentId);
        const result = await query.executeTakeFirst();
        if (target && target.is_hidden && target.hidden_by === 'reports') {
          await setHiddenLocked(trx, target, false, 'reports');
        }
        return Number(result.numUpdatedRows);
      }),
  };
}
