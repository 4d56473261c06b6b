import { Anchor, Badge, Center, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { useParams } from 'react-router';
import { Link } from '../../../components/link';
import { ErrorPanel } from '../../../components/error-panel';
import { MarkdownText } from '../../../components/markdown/markdown-text';
import { useBlogPost } from '../api/blog';
import { formatDayRange } from '@app/shared/display/dates';
import classes from './content-page.module.css';
import postClasses from './blog-post-page.module.css';

/** /blog/{slug}: one weekly recap. */
export function BlogPostPage() {
  const { slug = '' } = useParams();
  const { data: post, isPending, isError, error } = useBlogPost(slug);
  if (isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the recap" />
      </Center>
    );
  }
  if (isError) {
    return (
      <ErrorPanel
        code="404"
        title="Recap not found"
        message={error.message}
        actions={
          <Anchor component={Link} to={PAGE_PATHS.blog}>
            All recaps
          </Anchor>
        }
      />
    );
  }
  return (
    <Paper component="article" className={classes.card} radius="lg" withBorder maw={860}>
      <Stack gap="sm">
        <Anchor component={Link} to={PAGE_PATHS.blog} size="sm" className={postClasses.back}>
          <IconArrowLeft size={14} aria-hidden="true" /> All recaps
        </Anchor>
        <Badge variant="light" radius="sm" w="fit-content">
          Week of {formatDayRange(post.week_start, post.week_end)}
        </Badge>
        <Title order={1} className={classes.title}>
          {post.title}
        </Title>
        <Text c="dimmed" size="lg" lh={1.6}>
          {post.excerpt}
        </Text>
        <MarkdownText className={postClasses.body}>{post.body}</MarkdownText>
      </Stack>
    </Paper>
  );
}
