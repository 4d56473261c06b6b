import { ActionIcon, Avatar, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { timeAgo } from '@app/shared/display/timeago';
import { ADMIN_SETTABLE_KEYS } from '@app/shared/api/users';
import type { User } from '@app/shared/api/users';
import { IconTrash } from '@tabler/icons-react';
import { useAdminRemove } from '../api/admin-remove';
import { AdminToggle } from './admin-toggle';
import classes from './admin-users-card.module.css';
import { fullName, initials } from '../../users';
import { formatDateTime } from '@app/shared/display/dates';

export const DELETE_CONFIRMATION = 'Are you sure you want to delete this item?';

/** One user of the admin list: identity, activity, the five toggles and delete. */
export function AdminUserRow({ user, isSelf }: { user: User; isSelf: boolean }) {
  const remove = useAdminRemove();
  const deleted = remove.isPending;

  const confirmDelete = () => {
    modals.openConfirmModal({
      title: `Delete ${user.username}`,
      children: <Text size="sm">{DELETE_CONFIRMATION}</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(user.username),
    });
  };

  return (
    <Table.Tr className={classes.row} data-deleted={deleted || undefined} aria-busy={deleted}>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Avatar size={34} radius="xl" color={user.is_admin ? 'grape' : 'blue'}>
            {initials(user)}
          </Avatar>
          <Stack gap={0} className={classes.identity}>
            <Text size="sm" fw={600} className={classes.name} truncate>
              {fullName(user)} <span className={classes.username}>@{user.username}</span>
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {user.email}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c="dimmed" title={formatDateTime(user.creation_date)}>
          Joined {timeAgo(user.creation_date)}
        </Text>
        <Text size="xs" c="dimmed">
          {user.last_access_date === null ? 'Never seen' : `Seen ${timeAgo(user.last_access_date)}`}
        </Text>
      </Table.Td>
      {ADMIN_SETTABLE_KEYS.map((property) => (
        <Table.Td key={property}>
          <AdminToggle
            user={user}
            property={property}
            disabled={deleted || (isSelf && property === 'is_admin')}
          />
        </Table.Td>
      ))}
      <Table.Td>
        <Tooltip label={isSelf ? 'You cannot delete your own account here' : 'Delete user'}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${user.username}`}
            onClick={confirmDelete}
            disabled={deleted || isSelf}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
}
