import { Alert, Badge, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { Comment } from '@app/shared/api/comments';
import { useState } from 'react';
import { useCommentLevel } from '../api/comments-level';
import { CommentActionArea, CommentActionBar } from './comment-actions';
import { CommentByline } from './comment-byline';
import { useCommentThread } from './comment-thread-context';
import classes from './comments.module.css';

/** Levels of replies that still move right; deeper ones line up with their parent. */
export const MAX_INDENT_DEPTH = 4;
/** On phones, from this level on. */
const PHONE_FLAT_DEPTH = 2;

function repliesLabel(count: number): string {
  return count === 1 ? '1 reply' : `${String(count)} replies`;
}

/** One comment: author, plan badge, time, text, actions and (on demand) its replies. */
export function CommentItem({ comment, depth }: { comment: Comment; depth: number }) {
  const { articleId } = useCommentThread();
  const [showReplies, setShowReplies] = useState(false);
  const replyDepth = depth + 1;
  const repliesId = `replies-${comment.id}`;
  // A deleted comment, or a hidden one as readers get it: a placeholder keeping its replies' place.
  const placeholder = comment.is_deleted || (comment.is_hidden && comment.username === '');

  return (
    <li>
      <Stack
        gap={4}
        component="article"
        aria-label={placeholder ? 'Removed comment' : `Comment by ${comment.username}`}
        className={`${classes.comment} ${comment.is_hidden && !placeholder ? classes.hidden : ''}`}
      >
        <CommentByline
          username={placeholder ? null : comment.username}
          subscription={comment.subscription}
          creationDate={comment.creation_date}
        >
          {comment.update_date !== null && !comment.is_deleted && (
            <Text size="xs" c="dimmed">
              (edited)
            </Text>
          )}
          {comment.is_hidden && !placeholder && (
            <Badge size="xs" color="gray" variant="outline">
              Hidden
            </Badge>
          )}
        </CommentByline>
        {/* Plain text as typed (never HTML): React escapes it, CSS keeps its line breaks. */}
        <Text
          size="sm"
          className={`${classes.content} ${placeholder ? classes.deleted : ''}`}
          c={placeholder ? 'dimmed' : undefined}
        >
          {comment.content}
        </Text>
        <Group gap={2} className={classes.actions}>
          {comment.no_replies > 0 && (
            <Button
              variant="subtle"
              size="compact-xs"
              aria-expanded={showReplies}
              aria-controls={showReplies ? repliesId : undefined}
              onClick={() => setShowReplies((shown) => !shown)}
            >
              {repliesLabel(comment.no_replies)}
            </Button>
          )}
          <CommentActionBar comment={comment} />
        </Group>
        <CommentActionArea comment={comment} onReplied={() => setShowReplies(true)} />
        {showReplies && (
          <div
            id={repliesId}
            className={classes.replies}
            data-flat={replyDepth > MAX_INDENT_DEPTH || undefined}
            data-deep={replyDepth > PHONE_FLAT_DEPTH || undefined}
          >
            <CommentLevel
              articleId={articleId}
              parentCommentId={comment.id}
              depth={replyDepth}
              label={
                placeholder ? 'Replies to a removed comment' : `Replies to ${comment.username}`
              }
            />
          </div>
        )}
      </Stack>
    </li>
  );
}

/** One level of comments (the article's, or the replies to a comment), 50 at a time. */
export function CommentLevel({
  articleId,
  parentCommentId,
  depth,
  label,
}: {
  articleId: string;
  parentCommentId: string | null;
  depth: number;
  label: string;
}) {
  const level = useCommentLevel(articleId, parentCommentId);
  if (level.isPending) {
    return (
      <Group gap="xs" role="status" aria-label="Loading comments">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          Loading comments…
        </Text>
      </Group>
    );
  }
  if (level.isError) {
    return (
      <Alert color="red" variant="light">
        {level.error?.message}
      </Alert>
    );
  }
  if (level.comments.length === 0) {
    return parentCommentId === null ? (
      <Text size="sm" c="dimmed">
        No comments yet.
      </Text>
    ) : null;
  }
  return (
    <Stack gap="xs">
      <Stack gap="md" component="ul" aria-label={label} className={classes.list}>
        {level.comments.map((comment) => (
          <CommentItem key={comment.id} comment={comment} depth={depth} />
        ))}
      </Stack>
      {level.hasMore && (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            loading={level.loadingMore}
            onClick={level.loadMore}
          >
            More
          </Button>
          <Text size="xs" c="dimmed">
            {level.comments.length} of {level.total}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
