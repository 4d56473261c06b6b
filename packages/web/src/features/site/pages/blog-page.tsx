import { Anchor, Card, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../components/link';
import { useBlogPosts } from '../api/blog';
import classes from './content-page.module.css';
import { PageIntro } from '../components/page-intro';
import { formatDayRange } from '@app/shared/display/dates';

/** /blog: the analyst's weekly market recaps, each at its own URL. */
export function BlogPage() {
  const { data: posts, isPending, isError, error } = useBlogPosts();
  return (
    <Stack gap="xl" className={classes.wide} maw={860}>
      <PageIntro badge="Blog" title="Weekly market recaps">
        <Text c="dimmed" lh={1.6}>
          Every weekend the StockPulse analyst writes up the week from its prices and its news: the
          best and worst performers, the sectors and the stories that mattered.
        </Text>
      </PageIntro>
      {isPending && (
        <Center py="xl">
          <Loader aria-label="Loading the recaps" />
        </Center>
      )}
      {isError && <Text c="red">{error.message}</Text>}
      {posts?.length === 0 && (
        <Text c="dimmed">
          The first recap is written after the first complete week. Come back soon.
        </Text>
      )}
      {posts?.map((post) => (
        <Card key={post.slug} withBorder radius="lg" padding="lg" component="article">
          <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={4}>
            Week of {formatDayRange(post.week_start, post.week_end)}
          </Text>
          <Title order={2} size="h3" mb="xs">
            <Anchor component={Link} to={`/blog/${post.slug}`} inherit>
              {post.title}
            </Anchor>
          </Title>
          <Text c="dimmed" lh={1.6}>
            {post.excerpt}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}
