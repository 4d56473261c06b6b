import { z } from 'zod';
import { successResponse } from './envelope.ts';

/*
 * Comments, replies and reports (spec §3 Comment, §7 News and comments), shared by the server's
 * routes and the web client.
 *
 *   GET  /comments/query?parent_obj_id&parent_comment_id&skip&limit → commentsResponseSchema (public)
 *   POST /comments/create   createCommentBodySchema                → commentResponseSchema (validated)
 *   POST /comments/update   updateCommentBodySchema                → commentResponseSchema (validated, author)
 *   POST /comments/delete   commentIdBodySchema                    → statusResponse (author or admin)
 *   GET  /comments/replies/unread                                  → unreadRepliesResponseSchema (login)
 *   POST /comments/replies/seen                                    → statusResponse (login)
 *   GET  /comments/admin/reports?skip&limit                        → reportsQueueResponseSchema (admin)
 *   POST /comments/admin/hide     hideCommentBodySchema            → commentResponseSchema (admin)
 *   POST /comments/admin/dismiss  dismissReportsBodySchema         → statusResponse (admin)
 */

/** Spec §9: comments are shown 50 a page. */
export const COMMENTS_PAGE_SIZE = 50;
/** Longest comment or report reason (characters, after trimming). */
export const COMMENT_MAX_CHARS = 4_000;
/** Independent reports (distinct users) after which a comment is hidden until an admin looks. */
export const AUTO_HIDE_REPORTS = 3;
/** What a deleted comment that has replies shows in its place (its author too). */
export const DELETED_COMMENT_TEXT = '[deleted]';
/** What readers see of a hidden comment (admins see the text): its replies keep their place. */
export const HIDDEN_COMMENT_TEXT = '[removed by a moderator]';
/** Spec §5: the text (and link) an unvalidated user sees instead of the editor. */
export const VALIDATE_AS_HUMAN_TEXT = 'Please click here to validate you as human.';
/** Spec §5: the delete confirmation. */
export const DELETE_CONFIRM_TEXT = 'Are you sure you want to delete this item?';
/** Spec §8: what a failed save shows, before the server's error_msg. */
export const COMMENT_FAILED_PREFIX = 'Failed uploading comment';

/** What a comment hangs under: the article itself, or a comment of it. */
export const COMMENT_PARENT_OBJECTS = ['news', 'comment'] as const;
export type CommentParentObject = (typeof COMMENT_PARENT_OBJECTS)[number];

/**
 * The badge icon of the author's current plan (never taken from a request): '' without one.
 * The web draws one icon per name.
 */
export const SUBSCRIPTION_ICONS = ['', 'supporter', 'basic', 'standard', 'enterprise'] as const;
export type SubscriptionIcon = (typeof SUBSCRIPTION_ICONS)[number];

/** Spec §3 Comment as the API shows it. */
export const commentSchema = z.object({
  id: z.string(),
  /** Plain text (never HTML); `[deleted]` for a deleted comment kept for its replies. */
  content: z.string(),
  /** The author's username; `[deleted]` once the comment or the account is gone. */
  username: z.string(),
  /** Epoch seconds. */
  creation_date: z.number(),
  /** Epoch seconds of the last edit, or null. */
  update_date: z.number().nullable(),
  is_report: z.boolean(),
  subscription: z.enum(SUBSCRIPTION_ICONS),
  parent_obj: z.enum(COMMENT_PARENT_OBJECTS),
  /** The article the comment belongs to (replies too). */
  parent_obj_id: z.string(),
  /** The comment it answers, or null at the top level. */
  parent_comment_id: z.string().nullable(),
  /** Visible replies directly under it. */
  no_replies: z.number().int(),
  is_deleted: z.boolean(),
  /**
   * Hidden by an admin or by reports: admins receive its text, everyone else
   * HIDDEN_COMMENT_TEXT with an empty username, so its replies keep their place.
   */
  is_hidden: z.boolean(),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentsResponseSchema = successResponse({
  comments: z.array(commentSchema),
  /** Comments at this level, placeholders included (for 'more'). */
  total: z.number().int(),
});
export type CommentsResponse = z.infer<typeof commentsResponseSchema>;
export const commentResponseSchema = successResponse({ comment: commentSchema });

const id = z.uuid('must be a comment id');
const content = z
  .string()
  .trim()
  .min(1, 'The comment is empty.')
  .max(COMMENT_MAX_CHARS, `A comment has at most ${COMMENT_MAX_CHARS} characters.`);
/** `''`, `null` and `'NULL'` mean the top level, as the old client sends them. */
const parentCommentId = z.preprocess(
  (value) => (value === '' || value === 'NULL' || value === undefined ? null : value),
  id.nullable(),
);

/** `GET /comments/query` (spec §7). */
export const commentsQuerySchema = z.object({
  parent_obj_id: z.string().min(1).max(64),
  parent_comment_id: parentCommentId,
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(COMMENTS_PAGE_SIZE).default(COMMENTS_PAGE_SIZE),
});
export type CommentsQuery = z.output<typeof commentsQuerySchema>;

/** `POST /comments/create` (spec §7); with `is_report` the content is the report's reason. */
export const createCommentBodySchema = z.object({
  parent_obj: z.enum(COMMENT_PARENT_OBJECTS),
  parent_obj_id: z.string().min(1).max(64),
  parent_comment_id: parentCommentId,
  content,
  is_report: z.boolean().optional().default(false),
});
export type CreateCommentBody = z.output<typeof createCommentBodySchema>;

export const updateCommentBodySchema = z.object({ id, content });
export const commentIdBodySchema = z.object({ id });
export const hideCommentBodySchema = z.object({ id, value: z.boolean() });
/** Dismisses the open reports of an article (`parent_comment_id` null) or of a comment. */
export const dismissReportsBodySchema = z.object({
  parent_obj_id: z.string().min(1).max(64),
  parent_comment_id: parentCommentId,
});

export const unreadRepliesResponseSchema = successResponse({
  count: z.number().int(),
  /** The newest unread replies, newest first (at most 20). */
  replies: z.array(
    commentSchema.extend({
      /** The title of the article the reply is under. */
      article_title: z.string(),
    }),
  ),
});

/** One reported item of the admin queue: an article or a comment with its open reports. */
export const reportedItemSchema = z.object({
  parent_obj_id: z.string(),
  article_title: z.string(),
  /** The reported comment, or null when the article itself is reported. */
  comment: commentSchema.nullable(),
  /** Distinct reporters. */
  reports: z.number().int(),
  reasons: z.array(
    z.object({ username: z.string(), content: z.string(), creation_date: z.number() }),
  ),
  /** Epoch seconds of the newest report. */
  last_report_date: z.number(),
});
export type ReportedItem = z.infer<typeof reportedItemSchema>;
export const reportsQueueResponseSchema = successResponse({
  items: z.array(reportedItemSchema),
  total: z.number().int(),
});
