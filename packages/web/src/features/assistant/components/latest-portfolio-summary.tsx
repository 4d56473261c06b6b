import { Anchor, Skeleton, Stack, Text } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { formatDateTime } from '@app/shared/display/dates';
import { Link } from '../../../components/link';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { useCurrentUser } from '../../users';
import { usePromptList } from '../api/prompt-list';
import { AnswerText } from './answer-text';

/**
 * The newest answered PORTFOLIO prompt of the user, with its sources (the dashboard widget), or a
 * link to ask one.
 */
export function LatestPortfolioSummary() {
  const { user } = useCurrentUser();
  const list = usePromptList('editor', user?.username ?? null);
  useFailureToast(list.error, 'Your AI summaries could not be loaded');
  if (list.isPending) return <Skeleton height={80} radius="md" />;
  const latest = list.data
    ?.filter((prompt) => prompt.type === 'PORTFOLIO' && prompt.status === 'PROCESSED')
    .sort((a, b) => b.creation_date - a.creation_date)[0];
  if (!latest?.ai_summary) {
    return (
      <Text size="sm" c="dimmed">
        No AI portfolio summary yet.{' '}
        <Anchor component={Link} to={PAGE_PATHS.prompt}>
          Ask the assistant
        </Anchor>
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed">
        {latest.prompt} · {formatDateTime(latest.creation_date)}
      </Text>
      <AnswerText
        text={latest.ai_summary}
        citations={latest.citations}
        markdown={latest.use_markdown}
      />
      <Anchor component={Link} to={PAGE_PATHS.prompt} size="sm">
        All your prompts
      </Anchor>
    </Stack>
  );
}
