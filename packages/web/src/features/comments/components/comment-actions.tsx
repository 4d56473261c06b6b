import { Button, Checkbox, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { DELETE_CONFIRM_TEXT } from '@app/shared/api/comments';
import type { Comment } from '@app/shared/api/comments';
import { IconArrowBackUp, IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import {
  createComment,
  deleteComment,
  updateComment,
  useCommentChange,
  useHideComment,
  useReport,
} from '../api/comment-mutations';
import { commentControls, registerPath } from '../comment-rules';
import type { CommentAction, CommentControls, RegisterReason } from '../comment-rules';
import { CommentEditor } from './comment-editor';
import { CommentGate } from './comment-gate';
import { useCommentThread } from './comment-thread-context';
import { useCurrentUser, useViewer } from '../../users';
import classes from './comments.module.css';

/** The §5 controls the viewer has on `comment`. */
export function useCommentControls(comment: Comment): CommentControls {
  const viewer = useViewer();
  const { user } = useCurrentUser({ enabled: false });
  return commentControls(comment, { ...viewer, username: user?.username });
}

/** Spec §5 delete confirmation, then the deletion. */
export function confirmCommentDelete(onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Delete comment',
    children: <Text size="sm">{DELETE_CONFIRM_TEXT}</Text>,
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}

function ActionButton({
  icon: ActionIcon,
  label,
  active = false,
  to,
  onClick,
}: {
  icon: Icon;
  label: string;
  active?: boolean;
  /** A visitor's action is a link to register. */
  to?: string;
  onClick?: () => void;
}) {
  const common = {
    variant: active ? 'light' : 'subtle',
    color: 'gray',
    size: 'compact-xs',
    leftSection: <ActionIcon size={14} aria-hidden />,
  } as const;
  if (to !== undefined) {
    return (
      <Button {...common} component={Link} to={to}>
        {label}
      </Button>
    );
  }
  return (
    <Button {...common} aria-expanded={active} onClick={onClick}>
      {label}
    </Button>
  );
}

/** Reply, Edit, Delete, Report and (admins) Hide under one comment. */
export function CommentActionBar({ comment }: { comment: Comment }) {
  const thread = useCommentThread();
  const controls = useCommentControls(comment);
  const { token } = useCurrentUser({ enabled: false });
  const remove = useCommentChange(thread.articleId, deleteComment);
  const hide = useHideComment(thread.articleId);
  const visitor = token === null;
  const isOpen = (action: CommentAction) =>
    thread.open?.commentId === comment.id && thread.open.action === action;
  const toggle = (action: CommentAction) =>
    thread.setOpen(isOpen(action) ? null : { commentId: comment.id, action });
  const visitorPath = (reason: RegisterReason) =>
    visitor ? registerPath(reason, thread.articlePath) : undefined;

  return (
    <Group gap={2} className={classes.actions}>
      {controls.reply && (
        <ActionButton
          icon={IconArrowBackUp}
          label="Reply"
          active={isOpen('reply')}
          to={visitorPath({ kind: 'reply', commentId: comment.id })}
          onClick={() => toggle('reply')}
        />
      )}
      {controls.edit && (
        <ActionButton
          icon={IconPencil}
          label="Edit"
          active={isOpen('edit')}
          onClick={() => toggle('edit')}
        />
      )}
      {controls.delete && (
        <ActionButton
          icon={IconTrash}
          label="Delete"
          onClick={() => {
            // The confirmation is the open action: any editor of the panel closes.
            thread.setOpen(null);
            confirmCommentDelete(() =>
              remove.mutate({ id: comment.id }, { onSuccess: () => thread.onCountChange(-1) }),
            );
          }}
        />
      )}
      {controls.report && (
        <ActionButton
          icon={IconFlag}
          label="Report"
          active={isOpen('report')}
          to={visitorPath({ kind: 'report-comment', commentId: comment.id })}
          onClick={() => toggle('report')}
        />
      )}
      {controls.hide && (
        <Checkbox
          size="xs"
          ml={6}
          label="Hide"
          checked={comment.is_hidden}
          disabled={hide.isPending}
          onChange={(event) => hide.mutate({ id: comment.id, value: event.currentTarget.checked })}
        />
      )}
    </Group>
  );
}

/** The open action's editor under a comment (reply, edit or report), if one is open. */
export function CommentActionArea({
  comment,
  onReplied,
}: {
  comment: Comment;
  onReplied: () => void;
}) {
  const thread = useCommentThread();
  const save = useCommentChange(thread.articleId, createComment);
  const update = useCommentChange(thread.articleId, updateComment);
  const report = useReport();
  const open = thread.open?.commentId === comment.id ? thread.open.action : null;
  const close = () => thread.setOpen(null);
  const done = (promise: Promise<unknown>) =>
    promise.then(
      () => true,
      () => false,
    );

  if (open === 'reply') {
    return (
      <CommentGate
        reason={{ kind: 'reply', commentId: comment.id }}
        next={thread.articlePath}
        visitorText="Register or log in to reply"
      >
        <CommentEditor
          key="reply"
          label={`Reply to ${comment.username}`}
          autoFocus
          onClose={close}
          onSubmit={(content) =>
            done(
              save
                .mutateAsync({
                  parent_obj: 'comment',
                  parent_obj_id: thread.articleId,
                  parent_comment_id: comment.id,
                  content,
                })
                .then(() => {
                  thread.onCountChange(1);
                  onReplied();
                }),
            )
          }
        />
      </CommentGate>
    );
  }
  if (open === 'edit') {
    return (
      <CommentEditor
        key="edit"
        label="Edit your comment"
        initialValue={comment.content}
        autoFocus
        onClose={close}
        onSubmit={(content) => done(update.mutateAsync({ id: comment.id, content }))}
      />
    );
  }
  if (open === 'report') {
    return (
      <CommentGate
        reason={{ kind: 'report-comment', commentId: comment.id }}
        next={thread.articlePath}
        visitorText="Register or log in to report"
      >
        <CommentEditor
          key="report"
          label="Why are you reporting this comment?"
          autoFocus
          onClose={close}
          onSubmit={(content) =>
            done(
              report.mutateAsync({
                parent_obj: 'comment',
                parent_obj_id: thread.articleId,
                parent_comment_id: comment.id,
                content,
              }),
            )
          }
        />
      </CommentGate>
    );
  }
  return null;
}
