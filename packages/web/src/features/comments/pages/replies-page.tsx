import { Alert, Anchor, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../../components/link';
import { unreadRepliesQueryOptions, useMarkRepliesSeen } from '../api/replies-unread';
import type { UnreadReply } from '../api/replies-unread';
import { CommentByline } from '../components/comment-byline';
import { useCurrentUser } from '../../users';
import classes from '../components/comments.module.css';

function ReplyCard({ reply }: { reply: UnreadReply }) {
  return (
    <Card withBorder radius="md" padding="md" component="li">
      <Stack gap={4}>
        <CommentByline
          username={reply.username}
          subscription={reply.subscription}
          creationDate={reply.creation_date}
        />
        <Text size="sm" className={classes.content}>
          {reply.content}
        </Text>
        <Text size="xs" c="dimmed">
          on{' '}
          <Anchor
            component={Link}
            to={`/news/view?id=${encodeURIComponent(reply.parent_obj_id)}`}
            size="xs"
          >
            {reply.article_title}
          </Anchor>
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /pages/replies (login): the new replies to my comments. Opening it marks them seen (the menu's
 * count drops to 0); the list stays as it was loaded, so what was new is still readable.
 */
export function RepliesPage() {
  const { token } = useCurrentUser({ enabled: false });
  const queryClient = useQueryClient();
  const markSeen = useMarkRepliesSeen();
  const [replies, setReplies] = useState<UnreadReply[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { mutate: markAllSeen } = markSeen;

  useEffect(() => {
    let cancelled = false;
    queryClient
      .query({ ...unreadRepliesQueryOptions(token), staleTime: 0 })
      .then((unread) => {
        if (cancelled) return;
        setReplies(unread.replies);
        if (unread.count > 0) markAllSeen();
      })
      .catch((error: unknown) => {
        if (!cancelled) setFailure(error instanceof Error ? error.message : String(error));
      });
    return () => {
      cancelled = true;
    };
  }, [queryClient, token, markAllSeen]);

  return (
    <Stack gap="md" maw={760}>
      <Title order={1} size="h2">
        Replies to your comments
      </Title>
      {failure !== null && <Alert color="red">{failure}</Alert>}
      {replies === null && failure === null && (
        <Center mih={120} role="status" aria-label="Loading replies">
          <Loader />
        </Center>
      )}
      {replies?.length === 0 && (
        <Text c="dimmed">No new replies. We will count them on your menu as they come.</Text>
      )}
      {replies && replies.length > 0 && (
        <Stack gap="sm" component="ul" className={classes.list} aria-label="New replies">
          {replies.map((reply) => (
            <ReplyCard key={reply.id} reply={reply} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
