import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useChannelPosts } from '../api/channels';
import { POST_KIND_LABELS } from './channel-kinds';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '@app/shared/display/dates';

/** The last 50 posts to the channels, newest first, failures with Telegram's reason. */
export function ChannelPosts() {
  const { data: posts, isPending, isError, error } = useChannelPosts();
  return (
    <SectionCard labelledBy="channel-posts">
      <Title order={2} size="h4" id="channel-posts" mb="sm">
        Last posts
      </Title>
      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={96} radius="md" />}
      {posts?.length === 0 && (
        <Text size="sm" c="dimmed">
          Nothing posted yet.
        </Text>
      )}
      {posts && posts.length > 0 && (
        <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }}>
          {posts.map((post) => (
            <Paper key={post.id} withBorder radius="md" p="sm" component="li">
              <Group gap={6} wrap="wrap" mb={4}>
                <Text size="sm" fw={600}>
                  {post.channel_title}
                </Text>
                <Badge size="xs" variant="light">
                  {POST_KIND_LABELS[post.kind]}
                </Badge>
                <Badge size="xs" variant="light" color={post.status === 'sent' ? 'teal' : 'red'}>
                  {post.status}
                </Badge>
                <Text size="xs" c="dimmed">
                  {formatDateTime(post.created_at)}
                </Text>
              </Group>
              <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line' }}>
                {post.text}
              </Text>
              {post.error && (
                <Text size="xs" c="red" mt={4}>
                  {post.error}
                </Text>
              )}
            </Paper>
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
