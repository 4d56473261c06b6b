import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns.ts';

/* Tables of the public site and the readers' comments. */

/** Newsletter sign-ups: only confirmed addresses receive newsletters. */
export type NewsletterSubscriberTable = {
  id: Generated<string>;
  email: string;
  status: ColumnType<
    'pending' | 'confirmed' | 'unsubscribed',
    'pending' | 'confirmed' | 'unsubscribed' | undefined,
    'pending' | 'confirmed' | 'unsubscribed'
  >;
  confirm_token_hash: Buffer | null;
  confirm_expires_at: Timestamp | null;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  unsubscribed_at: Timestamp | null;
};

/** A message sent through the contact form. */
export type ContactMessageTable = {
  id: Generated<string>;
  name: string;
  email: string;
  subject: string;
  message: string;
  ip: string | null;
  created_at: Timestamp;
  read_at: Timestamp | null;
};

/** A weekly market recap of the blog; one per week (`week_start`, a Monday). */
export type BlogPostTable = {
  slug: string;
  title: string;
  excerpt: string;
  body: string;
  citations: string[];
  week_start: ColumnType<string, string, string>;
  week_end: ColumnType<string, string, string>;
  published_at: Timestamp;
};

/** Comments, replies and reports (migration 2026-11-26T1000-comments). */
export type CommentTable = {
  id: Generated<string>;
  seq: ColumnType<string, never, never>;
  article_id: string;
  parent_comment_id: string | null;
  user_id: string | null;
  content: string;
  content_hash: string;
  is_report: Generated<boolean>;
  report_state: 'open' | 'dismissed' | 'resolved' | null;
  is_hidden: Generated<boolean>;
  hidden_by: 'admin' | 'reports' | null;
  is_deleted: Generated<boolean>;
  no_replies: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp | null;
};

export type CommentCountTable = {
  article_id: string;
  visible: Generated<number>;
  top_level: Generated<number>;
};

export type CommentReplyReadTable = {
  user_id: string;
  seen_at: Timestamp;
};
