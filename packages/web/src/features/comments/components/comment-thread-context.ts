import { createContext, useContext } from 'react';
import type { CommentAction } from '../comment-rules';

export interface OpenCommentAction {
  commentId: string;
  action: CommentAction;
}

/** What every comment of one article's panel shares. */
export interface CommentThreadContextValue {
  articleId: string;
  /** The article's own path: where a visitor comes back to after registering. */
  articlePath: string;
  /** Spec §4: one comment action (reply, edit, report, delete) open at a time in the panel. */
  open: OpenCommentAction | null;
  setOpen: (open: OpenCommentAction | null) => void;
  /** Comments added (+1) or deleted (−1), for the card's count. */
  onCountChange: (delta: number) => void;
}

export const CommentThreadContext = createContext<CommentThreadContextValue | null>(null);

export function useCommentThread(): CommentThreadContextValue {
  const value = useContext(CommentThreadContext);
  if (!value) throw new Error('useCommentThread needs a CommentsPanel around it');
  return value;
}
