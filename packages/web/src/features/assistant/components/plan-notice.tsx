import { Alert, Anchor, Text } from '@mantine/core';
import { FREE_DAILY_PROMPTS } from '@app/shared/api/prompts';
import { IconSparkles } from '@tabler/icons-react';
import { Link } from '../../../components/link';
import { useViewer } from '../../users';

/**
 * Spec §6: a logged-in user without a plan sees the editors with a prompt to buy one, and keeps a
 * free daily quota; subscribers see nothing here.
 */
export function PlanNotice() {
  const viewer = useViewer();
  if (!viewer.loggedIn || viewer.subscribed) return null;
  return (
    <Alert variant="light" color="grape" icon={<IconSparkles size={18} aria-hidden />}>
      <Text size="sm">
        You are on the free plan: up to {FREE_DAILY_PROMPTS} AI answers a day, answered after
        subscribers&apos; questions.{' '}
        <Anchor component={Link} to="/pricing" size="sm" fw={600}>
          Buy a plan
        </Anchor>{' '}
        for more answers, longer ones and a place at the front of the queue.
      </Text>
    </Alert>
  );
}
