/**
 * The comments feature's public face: the article card's Comments and Report panels, the
 * unread-replies badge of the user menu, the replies page, and the admin reports queue's data.
 * Everything else in features/comments is internal; ESLint keeps other features to this file.
 */
export { CommentsPanel } from './components/comments-panel';
export { ReportPanel } from './components/report-panel';
export { RepliesCountBadge } from './components/replies-count-badge';
export { SubscriptionBadge } from './components/subscription-badge';
export { confirmCommentDelete } from './components/comment-actions';
export { deleteComment, useCommentChange, useHideComment } from './api/comment-mutations';
export { useDismissReports, useReportsQueue } from './api/reports-queue';
export { useUnreadReplies } from './api/replies-unread';
