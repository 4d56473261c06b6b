import { COMMENTS_PAGE_SIZE, commentsResponseSchema } from '@app/shared/api/comments';
import type { Comment } from '@app/shared/api/comments';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client';
import { useStoredToken } from '../../../lib/use-stored-token';
import { commentLevelQueryKey } from './comments-query-keys';
import { pagedView } from './paged-view';

export interface CommentsPage {
  comments: Comment[];
  total: number;
}

/**
 * GET /comments/query?parent_obj_id&parent_comment_id&skip&limit (spec §7, 50 a page by §9):
 * one page of the top level (`parentCommentId` null → `NULL`) or of the replies to a comment.
 */
export async function fetchCommentsPage(
  articleId: string,
  parentCommentId: string | null,
  skip: number,
  signal?: AbortSignal,
): Promise<CommentsPage> {
  const { comments, total } = await apiGet(
    '/comments/query',
    {
      parent_obj_id: articleId,
      parent_comment_id: parentCommentId ?? 'NULL',
      skip,
      limit: COMMENTS_PAGE_SIZE,
    },
    { schema: commentsResponseSchema, signal },
  );
  return { comments, total };
}

/** How many comments the loaded pages hold: the next page starts there. */
function loadedCount(pages: readonly CommentsPage[]): number {
  return pages.reduce((sum, page) => sum + page.comments.length, 0);
}

export function commentLevelQueryOptions(
  articleId: string,
  parentCommentId: string | null,
  token: string | null,
) {
  return infiniteQueryOptions({
    queryKey: commentLevelQueryKey(articleId, parentCommentId, token),
    queryFn: ({ pageParam, signal }) =>
      fetchCommentsPage(articleId, parentCommentId, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (lastPage, pages) => {
      const loaded = loadedCount(pages);
      // An empty page ends the list even if the total says more (comments deleted meanwhile).
      return lastPage.comments.length > 0 && loaded < lastPage.total ? loaded : undefined;
    },
  });
}

/** One level of an article's comments, 50 at a time, with `loadMore` while more exist. */
export function useCommentLevel(articleId: string, parentCommentId: string | null) {
  const token = useStoredToken();
  const query = useInfiniteQuery(commentLevelQueryOptions(articleId, parentCommentId, token));
  const { items, ...paging } = pagedView(query, (page) => page.comments);
  return { comments: items, ...paging };
}
