import { CompiledQuery, sql } from 'kysely';
import { poolOf, type Database } from '../../db/database.ts';
import type { CommentRecord } from './comment-rules.ts';
import { createCommentWrites } from './comment-writes.repository.ts';
import { isUuid, NO_PARENT, toRecord, withAuthor, type AuthorRow } from './comment-rows.ts';
import { firstValue } from '../../db/row-values.ts';

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

/**
 * SQL for comments, replies and reports; no decisions. The writes are in
 * comment-writes.repository.ts.
 */
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
    accountCreatedAt: (userId: string): Promise<Date | undefined> =>
      firstValue(db.selectFrom('users').select('created_at').where('id', '=', userId)),

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

    ...createCommentWrites(db),

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
    repliesSeenAt: (userId: string): Promise<Date | undefined> =>
      firstValue(
        db.selectFrom('comment_reply_reads').select('seen_at').where('user_id', '=', userId),
      ),

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
