import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import type { ReportedItem } from '@app/shared/api/comments';
import { timeAgo } from '@app/shared/display/timeago';
import { IconEyeOff, IconEye, IconTrash, IconX } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import {
  confirmCommentDelete,
  deleteComment,
  SubscriptionBadge,
  useCommentChange,
  useDismissReports,
  useHideComment,
  useReportsQueue,
} from '../../comments';
import classes from './reports-queue-card.module.css';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';

function reportsLabel(count: number): string {
  return count === 1 ? '1 report' : `${String(count)} reports`;
}

/** What was reported: the comment (author, badge, text) or the article itself. */
function ReportedTarget({ item }: { item: ReportedItem }) {
  const { comment } = item;
  if (!comment) {
    return (
      <Text size="sm" c="dimmed">
        The article itself is reported.
      </Text>
    );
  }
  return (
    <Paper withBorder radius="md" p="xs">
      <Group gap={6} mb={2} wrap="wrap">
        <Text size="xs" fw={600}>
          Comment by {comment.username || '[deleted]'}
        </Text>
        <SubscriptionBadge icon={comment.subscription} />
        <Text size="xs" c="dimmed">
          {timeAgo(comment.creation_date)}
        </Text>
        {comment.is_hidden && (
          <Badge size="xs" color="gray" variant="outline">
            Hidden
          </Badge>
        )}
        {comment.is_deleted && (
          <Badge size="xs" color="red" variant="outline">
            Deleted
          </Badge>
        )}
      </Group>
      <Text size="sm" className={classes.text} lineClamp={6}>
        {comment.content}
      </Text>
    </Paper>
  );
}

/** One reported article or comment: what, how often, why, and what the admin can do about it. */
function ReportedEntry({ item }: { item: ReportedItem }) {
  const { comment } = item;
  const articleId = item.parent_obj_id;
  const hide = useHideComment(articleId);
  const remove = useCommentChange(articleId, deleteComment);
  const dismiss = useDismissReports();
  const busy = hide.isPending || remove.isPending || dismiss.isPending;
  const what = comment ? `the comment by ${comment.username || '[deleted]'}` : 'the article';

  return (
    <Stack gap="xs" component="li" aria-label={`Reports of ${what} on ${item.article_title}`}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor
          component={Link}
          to={`/news/view?id=${encodeURIComponent(articleId)}`}
          fw={600}
          size="sm"
          className={classes.text}
        >
          {item.article_title}
        </Anchor>
        <Badge color="orange" variant="light" style={{ flex: 'none' }}>
          {reportsLabel(item.reports)}
        </Badge>
      </Group>
      <ReportedTarget item={item} />
      <Stack gap={4} component="ul" className={classes.reasons} aria-label="Reasons">
        {item.reasons.map((reason) => (
          <Text key={`${reason.username}-${String(reason.creation_date)}`} size="xs" component="li">
            <Text span fw={600} inherit>
              {reason.username}
            </Text>{' '}
            <Text span c="dimmed" inherit>
              · {timeAgo(reason.creation_date)}:
            </Text>{' '}
            <span className={classes.text}>{reason.content}</span>
          </Text>
        ))}
      </Stack>
      <Group gap={6}>
        {comment && !comment.is_deleted && (
          <>
            <Button
              size="compact-sm"
              variant="light"
              leftSection={comment.is_hidden ? <IconEye size={14} /> : <IconEyeOff size={14} />}
              loading={hide.isPending}
              disabled={busy}
              onClick={() => hide.mutate({ id: comment.id, value: !comment.is_hidden })}
            >
              {comment.is_hidden ? 'Show' : 'Hide'}
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              loading={remove.isPending}
              disabled={busy}
              onClick={() => confirmCommentDelete(() => remove.mutate({ id: comment.id }))}
            >
              Delete
            </Button>
          </>
        )}
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconX size={14} />}
          loading={dismiss.isPending}
          disabled={busy}
          onClick={() =>
            dismiss.mutate({ parent_obj_id: articleId, parent_comment_id: comment?.id ?? null })
          }
        >
          Dismiss
        </Button>
      </Group>
    </Stack>
  );
}

/** Reported articles and comments, newest report first: Hide, Delete or Dismiss each. */
export function ReportsQueueCard() {
  const queue = useReportsQueue();
  return (
    <SectionCard labelledBy="admin-reports">
      <SectionCardHeader id="admin-reports" title="Reports" mb={4}>
        {!queue.isPending && !queue.isError && (
          <Badge color={queue.total > 0 ? 'orange' : 'gray'} variant="light">
            {queue.total} open
          </Badge>
        )}
      </SectionCardHeader>
      <Text size="sm" c="dimmed" mb="md">
        Articles and comments readers reported. Hidden comments stay hidden until you show them; an
        article is hidden from its own page.
      </Text>
      {queue.isError && <Alert color="red">{queue.error?.message}</Alert>}
      {queue.isPending && <Skeleton height={100} radius="md" />}
      {!queue.isPending && !queue.isError && queue.items.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing is reported.
        </Text>
      )}
      <Stack gap="lg" component="ul" className={classes.list} aria-label="Reported items">
        {queue.items.map((item) => (
          <ReportedEntry
            key={`${item.parent_obj_id}-${item.comment?.id ?? 'article'}`}
            item={item}
          />
        ))}
      </Stack>
      {queue.hasMore && (
        <Button
          mt="md"
          variant="light"
          size="compact-sm"
          loading={queue.loadingMore}
          onClick={queue.loadMore}
        >
          More
        </Button>
      )}
    </SectionCard>
  );
}
