import type { Transaction } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { CommentRecord } from './comment-rules.ts';

/*
 * What the comments repository's reads and writes share: ids, the stored row with its author,
 * and the shapes of writes.
 */

/** The parent of a report on an article itself, in the one-report-per-target index. */
export const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether `id` can be a comment (or article) id at all; anything else is simply not found. */
export const isUuid = (id: string) => UUID.test(id);

export type Trx = Transaction<DB>;

export type NewComment = {
  article_id: string;
  parent_comment_id: string | null;
  user_id: string;
  content: string;
  content_hash: string;
  created_at: Date;
};

/** Why a write could not be done (the service turns these into HTTP answers). */
export type WriteRefusal = 'parent-missing' | 'missing' | 'duplicate-report';

/** The comment with its author's name and subscription (a comment list's one join). */
export function withAuthor(db: Database | Trx) {
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
export type AuthorRow = Omit<CommentRecord, 'author'> & {
  subscription: string | null;
  subscription_status: string | null;
  current_period_end: Date | null;
};

export function toRecord(row: AuthorRow): CommentRecord {
  const { subscription, subscription_status, current_period_end, ...rest } = row;
  return {
    ...rest,
    author:
      subscription === null
        ? null
        : { subscription, subscription_status: subscription_status ?? '', current_period_end },
  };
}
