import { Group, Text } from '@mantine/core';
import { timeAgo } from '@app/shared/display/timeago';
import type { ComponentProps, ReactNode } from 'react';
import { SubscriptionBadge } from './subscription-badge';

/** A comment's author (null for a removed one), plan badge and age, then any marks it is given. */
export function CommentByline({
  username,
  subscription,
  creationDate,
  children,
}: {
  username: string | null;
  subscription: ComponentProps<typeof SubscriptionBadge>['icon'];
  /** Epoch seconds. */
  creationDate: number;
  children?: ReactNode;
}) {
  return (
    <Group gap={6} wrap="wrap">
      {username !== null && (
        <Text size="sm" fw={600}>
          {username}
        </Text>
      )}
      <SubscriptionBadge icon={subscription} />
      <Text
        size="xs"
        c="dimmed"
        component="time"
        dateTime={new Date(creationDate * 1000).toISOString()}
      >
        {timeAgo(creationDate)}
      </Text>
      {children}
    </Group>
  );
}
