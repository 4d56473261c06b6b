/** Every query of the comments feature lives under this key. */
export const COMMENTS_QUERY_KEY = ['comments'] as const;

/** All loaded levels (top level and replies) of one article's comments. */
export function articleCommentsQueryKey(articleId: string) {
  return [...COMMENTS_QUERY_KEY, 'thread', articleId] as const;
}

/** One level of an article's comments: the top level (`null`) or the replies to a comment. */
export function commentLevelQueryKey(
  articleId: string,
  parentCommentId: string | null,
  token: string | null,
) {
  // The token is part of the key: admins receive hidden comments that others do not.
  return [...articleCommentsQueryKey(articleId), parentCommentId ?? 'NULL', token] as const;
}

export const UNREAD_REPLIES_QUERY_KEY = [...COMMENTS_QUERY_KEY, 'replies', 'unread'] as const;

export const REPORTS_QUEUE_QUERY_KEY = [...COMMENTS_QUERY_KEY, 'admin', 'reports'] as const;
