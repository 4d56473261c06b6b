import { Alert, Anchor, Text } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { Link } from '../../../components/link';

export const NOTHING_HERE_TEXT = "You don't have anything in your portfolio";

/** Spec §2 company exploration: the sad banner shown when the nothing-here flag is set. */
export function NothingHereBanner() {
  return (
    <Alert
      variant="light"
      color="orange"
      radius="lg"
      role="status"
      icon={<IconMoodSad size={28} stroke={1.6} aria-hidden="true" />}
      title={NOTHING_HERE_TEXT}
    >
      <Text size="sm">
        Pick a company below, or{' '}
        <Anchor component={Link} to="/stock/register" size="sm">
          search for one to watch
        </Anchor>
        .
      </Text>
    </Alert>
  );
}
