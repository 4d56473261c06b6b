import { Alert, Avatar, Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { QueueUser } from '@app/shared/api/users';
import { timeAgo } from '@app/shared/display/timeago';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useAdminReject } from '../api/admin-reject';
import { useAdminUpdate } from '../api/admin-update';
import { useValidationQueue } from '../api/validation-queue';
import { fullName, initials } from '../../users';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';

function QueueEntry({ user }: { user: QueueUser }) {
  const approve = useAdminUpdate();
  const reject = useAdminReject();
  const busy = approve.isPending || reject.isPending;
  return (
    <Group justify="space-between" gap="xs" aria-busy={busy}>
      <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 220px' }}>
        <Avatar size={34} radius="xl" color="yellow">
          {initials(user)}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="sm" fw={600} truncate>
            {fullName(user)} @{user.username}
          </Text>
          <Text size="xs" c="dimmed" truncate>
            {user.email} · joined {timeAgo(user.creation_date)}
          </Text>
        </Stack>
      </Group>
      <Group gap={6} wrap="nowrap" ml="auto">
        <Button
          size="compact-sm"
          color="teal"
          leftSection={<IconCheck size={14} />}
          loading={approve.isPending}
          disabled={busy}
          aria-label={`Approve ${user.username}`}
          onClick={() =>
            approve.mutate({ username: user.username, key: 'is_email_validated', value: true })
          }
        >
          Approve
        </Button>
        <Button
          size="compact-sm"
          variant="light"
          color="red"
          leftSection={<IconX size={14} />}
          loading={reject.isPending}
          disabled={busy}
          aria-label={`Reject ${user.username}`}
          onClick={() => reject.mutate(user.username)}
        >
          Reject
        </Button>
      </Group>
    </Group>
  );
}

/** Accounts that confirmed their e-mail and wait for a human to approve them (oldest first). */
export function ValidationQueueCard() {
  const { data, isPending, isError, error } = useValidationQueue();
  const users = data?.users;
  const total = data?.total ?? 0;
  return (
    <SectionCard labelledBy="admin-queue">
      <SectionCardHeader id="admin-queue" title="Approval queue" mb="md">
        {data && (
          <Badge color={total > 0 ? 'yellow' : 'gray'} variant="light">
            {total.toLocaleString('en-US')} waiting
          </Badge>
        )}
      </SectionCardHeader>
      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={80} radius="md" />}
      {users?.length === 0 && (
        <Text size="sm" c="dimmed">
          Nobody is waiting for approval.
        </Text>
      )}
      <Stack gap="md">
        {users?.map((user) => (
          <QueueEntry key={user.username} user={user} />
        ))}
      </Stack>
      {users && total > users.length && (
        <Text size="sm" c="dimmed" mt="md">
          The {users.length} who waited longest; {(total - users.length).toLocaleString('en-US')}{' '}
          more after them.
        </Text>
      )}
    </SectionCard>
  );
}
