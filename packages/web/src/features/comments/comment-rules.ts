import type { Comment } from '@app/shared/api/comments';

/** The comment actions of spec §4; one is open at a time. */
export type CommentAction = 'reply' | 'edit' | 'report' | 'delete';

/** Who is looking at a comment, as far as the §5 rules care. */
export interface CommentViewer {
  loggedIn: boolean;
  isAdmin: boolean;
  /** The logged-in user's name (undefined for visitors and until the user loads). */
  username: string | undefined;
}

export interface CommentControls {
  reply: boolean;
  edit: boolean;
  delete: boolean;
  report: boolean;
  hide: boolean;
}

const NO_CONTROLS: CommentControls = {
  reply: false,
  edit: false,
  delete: false,
  report: false,
  hide: false,
};

/**
 * Spec §5: only the author sees Edit and Delete, others see Report (and Reply; the author may
 * reply too), only admins see Hide, and admins may delete any comment. A deleted comment kept for
 * its replies, or a hidden one shown to a reader, has nothing left to act on.
 */
export function commentControls(comment: Comment, viewer: CommentViewer): CommentControls {
  if (comment.is_deleted) return NO_CONTROLS;
  // Readers get a hidden comment as a placeholder; only admins act on it (to show it again).
  if (comment.is_hidden && !viewer.isAdmin) return NO_CONTROLS;
  const author =
    viewer.loggedIn && viewer.username !== undefined && viewer.username === comment.username;
  return {
    reply: true,
    edit: author,
    delete: author || viewer.isAdmin,
    report: !author,
    hide: viewer.isAdmin,
  };
}

/** Where a visitor goes to register first, coming back to `next` afterwards (spec §7 variants). */
export type RegisterReason =
  | { kind: 'comment' }
  | { kind: 'reply'; commentId: string }
  | { kind: 'report-article' }
  | { kind: 'report-comment'; commentId: string };

/**
 * Spec §2/§7 register variants: `?comment=article` (comment on the article), `?comment={id}`
 * (reply to a comment), `?source=report` (report the article), `?report={id}` (report a comment);
 * `next` brings the new user back to the article.
 */
export function registerPath(reason: RegisterReason, next: string): string {
  const params = new URLSearchParams();
  switch (reason.kind) {
    case 'comment':
      params.set('comment', 'article');
      break;
    case 'reply':
      params.set('comment', reason.commentId);
      break;
    case 'report-article':
      params.set('source', 'report');
      break;
    case 'report-comment':
      params.set('report', reason.commentId);
      break;
  }
  params.set('next', next);
  return `/register?${params.toString()}`;
}
