import { COMMENT_FAILED_PREFIX, commentResponseSchema } from '@app/shared/api/comments';
import type { Comment, createCommentBodySchema } from '@app/shared/api/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiPost } from '../../../lib/api-client';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../../lib/toast';
import { COMMENTS_QUERY_KEY, articleCommentsQueryKey } from './comments-query-keys';

/** Spec §8: what a saved comment, update or deletion shows. */
export const SAVED_TEXT = 'Saved';
/** What a sent report shows. */
export const REPORT_THANKS_TEXT = 'Thank you, our moderators will look at it.';

export type CreateCommentInput = z.input<typeof createCommentBodySchema>;

/** POST /comments/create (spec §7): a comment, a reply, or (`is_report`) a report's reason. */
export async function createComment(body: CreateCommentInput): Promise<Comment> {
  const { comment } = await apiPost('/comments/create', body, { schema: commentResponseSchema });
  return comment;
}

/** POST /comments/update {id, content} (the author). */
export async function updateComment(body: { id: string; content: string }): Promise<Comment> {
  const { comment } = await apiPost('/comments/update', body, { schema: commentResponseSchema });
  return comment;
}

/** POST /comments/delete {id} (the author, or an admin). */
export async function deleteComment(body: { id: string }): Promise<void> {
  await apiPost('/comments/delete', body);
}

/** POST /comments/admin/hide {id, value} (admins). */
export async function hideComment(body: { id: string; value: boolean }): Promise<Comment> {
  const { comment } = await apiPost('/comments/admin/hide', body, {
    schema: commentResponseSchema,
  });
  return comment;
}

/** Spec §8: 'Failed uploading comment {error_msg}'. */
export function commentFailedText(error: Error): string {
  return `${COMMENT_FAILED_PREFIX} ${error.message}`;
}

export interface CommentChangeOptions {
  /** Called once the server confirmed the change (before the comments reload). */
  onSaved?: () => void;
}

/**
 * A change of an article's comments (create, update, delete): spec §8 'Saved' and a reload of the
 * article's comments on success, 'Failed uploading comment {error_msg}' on failure.
 */
export function useCommentChange<Variables, Result>(
  articleId: string,
  mutationFn: (variables: Variables) => Promise<Result>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      showSuccessToast(SAVED_TEXT);
      await queryClient.invalidateQueries({ queryKey: articleCommentsQueryKey(articleId) });
      // A moderated or deleted comment may leave the admin's reports queue.
      await queryClient.invalidateQueries({ queryKey: [...COMMENTS_QUERY_KEY, 'admin'] });
    },
    onError: (error: Error) => showErrorToast(commentFailedText(error)),
  });
}

/** A report (of the article or of a comment): thanks on success, the failure text otherwise. */
export function useReport() {
  return useMutation({
    mutationFn: (body: Omit<CreateCommentInput, 'is_report'>) =>
      createComment({ ...body, is_report: true }),
    onSuccess: () => showInfoToast(REPORT_THANKS_TEXT),
    onError: (error: Error) => showErrorToast(commentFailedText(error)),
  });
}

/** Admin Hide of a comment: reloads the article's comments and the reports queue. */
export function useHideComment(articleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: hideComment,
    onSuccess: async (_comment, { value }) => {
      showSuccessToast(value ? 'Comment hidden' : 'Comment shown again');
      await queryClient.invalidateQueries({ queryKey: articleCommentsQueryKey(articleId) });
      await queryClient.invalidateQueries({ queryKey: [...COMMENTS_QUERY_KEY, 'admin'] });
    },
    onError: (error: Error) => showErrorToast(error.message, 'Comment not updated'),
  });
}
