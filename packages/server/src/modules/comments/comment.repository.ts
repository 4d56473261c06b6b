import { CompiledQuery, sql, type Transaction } from 'kysely';
import { poolOf, type Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CommentRecord } from './comment-rules.ts';
import { visibleDelta } from './comment-rules.ts';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can be a comment (or article) id at all; anything else is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

type Trx = Transaction<DB>;
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

export type NewComment = {
  article_id: string;
  parent_comment_id: string | null;
  user_id: string;
  content: string;
  content_hash: string;
  created_at: Date;
};

type ListRow = Omit<AuthorRow, 'id'> & { total: number | null; id: string | null };

/**
 * A thread level's page (see `listLevel`). `$n` are the level's key (article, or article and
 * parent), then skip and limit; `total` comes first. Both ends are written out; the one-time
 * filters on the total run only one of them. `not is_report` is literal so the partial thread
 * indexes apply to the prepared statement.
 */
function listLevelSql(total: string, level: string, skip: string, limit: string): string {
  return `
    select t.total, c.id, c.article_id, c.parent_comment_id, c.user_id, u.username, c.content,
      c.is_report, c.is_hidden, c.is_deleted, c.no_replies, c.created_at, c.updated_at,
      u.subscription, u.subscription_status, u.current_period_end
    from (select (${total}) as total) as t
    left join lateral (select * from (
      (select id, created_at, seq from comments
       where ${level} and not is_report and ${skip}::int * 2 < t.total
       order by created_at, seq offset ${skip} limit ${limit})
      union all
      (select id, created_at, seq from comments
       where ${level} and not is_report and ${skip}::int * 2 >= t.total and t.total > ${skip}::int
       order by created_at desc, seq desc
       offset greatest(t.total - ${skip}::int - ${limit}::int, 0)
       limit greatest(least(${limit}::int, t.total - ${skip}::int), 0))
    ) as both_ends limit ${limit}) as page on true
    left join comments c on c.id = page.id
    left join users u on u.id = c.user_id
    order by page.created_at, page.seq`;
}

const LIST_TOP_LEVEL = listLevelSql(
  'coalesce((select top_level from comment_counts where article_id = $1), 0)',
  'article_id = $1 and parent_comment_id is null',
  '$2',
  '$3',
);
const LIST_REPLIES = listLevelSql(
  'select no_replies from comments where id = $2 and article_id = $1 and not is_report',
  'parent_comment_id = $2',
  '$3',
  '$4',
);

/** Why a write could not be done (the service turns these into HTTP answers). */
export type WriteRefusal = 'parent-missing' | 'missing' | 'duplicate-report';

/** The comment with its author's name and subscription (a comment list's one join). */
function withAuthor(db: Database | Trx) {
  return db
    .selectFrom('comments as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select([
      'c.id',
      'c.article_id',
      'c.parent_comment_id',
      'c.user_id',
      'u.username',
      'c.content',
      'c.is_report',
      'c.is_hidden',
      'c.is_deleted',
      'c.no_replies',
      'c.created_at',
      'c.updated_at',
      'u.subscription',
      'u.subscription_status',
      'u.current_period_end',
    ]);
}

/** A comment row with its author's subscription columns (the record before `author` is built). */
type AuthorRow = Omit<CommentRecord, 'author'> & {
  subscription: string | null;
  subscription_status: string | null;
  current_period_end: Date | null;
};

function toRecord(row: AuthorRow): CommentRecord {
  const { subscription, subscription_status, current_period_end, ...rest } = row;
  return {
    ...rest,
    author:
      subscription === null
        ? null
        : { subscription, subscription_status: subscription_status ?? '', current_period_end },
  };
}

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

/** SQL for comments, replies and reports; no decisions. */
export function createCommentRepository(db: Database) {
  return {
    /** One comment with its author, or undefined. */
    find: async (id: string): Promise<CommentRecord | undefined> => {
      if (!isUuid(id)) return undefined;
      const row = await withAuthor(db).where('c.id', '=', id).executeTakeFirst();
      return row && toRecord(row);
    },

    /**
     * One level of a thread in order (oldest first), placeholders included, reports never, with
     * the level's total from the counters — in one named prepared statement (parsed and planned
     * once per connection): the total (null when the parent comment is not in this article), the
     * page cut from the thread index alone (an index-only scan), joined to its rows and authors.
     * A page in the level's second half is cut from its end (the index read backwards, `offset`
     * counted from the total), so the last page of 100,000 comments reads 50 index entries, not
     * 100,000; the middle of a level stays the deepest read (half the level).
     */
    listLevel: async (
      articleId: string,
      parentId: string | null,
      page: { skip: number; limit: number },
    ): Promise<{ total: number | null; records: CommentRecord[] }> => {
      const statement =
        parentId === null
          ? { name: 'comments_list_top_level', text: LIST_TOP_LEVEL, values: [articleId] }
          : { name: 'comments_list_replies', text: LIST_REPLIES, values: [articleId, parentId] };
      const values = [...statement.values, page.skip, page.limit];
      const pool = poolOf(db);
      const rows = pool
        ? (await pool.query<ListRow>({ name: statement.name, text: statement.text, values })).rows
        : (await db.executeQuery<ListRow>(CompiledQuery.raw(statement.text, values))).rows;
      const first = rows[0];
      const records = rows.flatMap(({ total: _total, id, ...row }) =>
        id === null ? [] : [toRecord({ ...row, id })],
      );
      return { total: first?.total ?? null, records };
    },

    /** Comments with their authors, by id (in no particular order; unknown ids are left out). */
    findMany: async (ids: readonly string[]): Promise<CommentRecord[]> => {
      const valid = [...new Set(ids)].filter(isUuid);
      if (valid.length === 0) return [];
      return (await withAuthor(db).where('c.id', 'in', valid).execute()).map(toRecord);
    },

    /** When the account was created and whether it is still there. */
    accountCreatedAt: async (userId: string): Promise<Date | undefined> =>
      (
        await db
          .selectFrom('users')
          .select('created_at')
          .where('id', '=', userId)
          .executeTakeFirst()
      )?.created_at,

    /** Whether the author posted the same (normalised) text since `since`. */
    hasRepeat: async (userId: string, hash: string, since: Date): Promise<boolean> =>
      (await db
        .selectFrom('comments')
        .select('id')
        .where('user_id', '=', userId)
        .where('content_hash', '=', hash)
        .where(sql<boolean>`not is_report`)
        .where('created_at', '>=', since)
        .limit(1)
        .executeTakeFirst()) !== undefined,

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

    /** The open reports grouped by target, newest first, with up to 20 reasons each. */
    openReports: async (page: { skip: number; limit: number }) => {
      const items = await db
        .selectFrom('comments as r')
        .leftJoin('users as u', 'u.id', 'r.user_id')
        .select([
          'r.article_id',
          'r.parent_comment_id',
          (eb) => eb.fn.count<string>('r.user_id').distinct().as('reports'),
          (eb) => eb.fn.max('r.created_at').as('last_report'),
          sql<{ username: string | null; content: string; created_at: string }[]>`
            (array_agg(json_build_object('username', u.username, 'content', r.content,
               'created_at', r.created_at) order by r.created_at desc))[1:20]`.as('reasons'),
        ])
        .where(sql<boolean>`r.is_report`)
        .where('r.report_state', '=', 'open')
        .groupBy(['r.article_id', 'r.parent_comment_id'])
        .orderBy('last_report', 'desc')
        .offset(page.skip)
        .limit(page.limit)
        .execute();
      const total = Number(
        (
          await db
            .selectFrom('comments')
            .select(
              sql<string>`count(distinct (article_id, coalesce(parent_comment_id, ${NO_PARENT}::uuid)))`.as(
                'n',
              ),
            )
            .where(sql<boolean>`is_report`)
            .where('report_state', '=', 'open')
            .executeTakeFirstOrThrow()
        ).n,
      );
      return { items, total };
    },

    /**
     * Replies to the user's comments by others, after `since`, that a reader can see: their
     * number and the newest `limit` of them.
     */
    unreadReplies: async (userId: string, since: Date, limit: number) => {
      const base = db
        .selectFrom('comments as mine')
        .innerJoin('comments as c', 'c.parent_comment_id', 'mine.id')
        .where('mine.user_id', '=', userId)
        .where(sql<boolean>`not mine.is_report`)
        .where(sql<boolean>`not c.is_report`)
        .where('c.is_hidden', '=', false)
        .where('c.is_deleted', '=', false)
        .where('c.created_at', '>', since)
        .where((eb) => eb.or([eb('c.user_id', 'is', null), eb('c.user_id', '!=', userId)]));
      const total = Number(
        (await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n,
      );
      const ids = (
        await base.select('c.id').orderBy('c.created_at', 'desc').limit(limit).execute()
      ).map((row) => row.id);
      const rows =
        ids.length === 0
          ? []
          : await withAuthor(db).where('c.id', 'in', ids).orderBy('c.created_at', 'desc').execute();
      return { total, replies: rows.map(toRecord) };
    },

    /** When the user last opened their replies (their registration before that). */
    repliesSeenAt: async (userId: string): Promise<Date | undefined> =>
      (
        await db
          .selectFrom('comment_reply_reads')
          .select('seen_at')
          .where('user_id', '=', userId)
          .executeTakeFirst()
      )?.seen_at,

    markRepliesSeen: async (userId: string, at: Date) => {
      await db
        .insertInto('comment_reply_reads')
        .values({ user_id: userId, seen_at: at })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ seen_at: at }))
        .execute();
    },

    /** Whom to e-mail about a reply to `commentId`: its author, if they opted in. */
    replyMailRecipient: async (commentId: string) =>
      db
        .selectFrom('comments as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .select(['u.id', 'u.email', 'u.username', 'u.my_email_replies', 'u.is_email_validated'])
        .where('c.id', '=', commentId)
        .executeTakeFirst(),
  };
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;
