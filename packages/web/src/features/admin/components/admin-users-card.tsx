import {
  Alert,
  Card,
  Group,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ADMIN_SETTABLE_KEYS } from '@app/shared/api/users';
import type { User } from '@app/shared/api/users';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLinks } from '../../../components/page-links';
import { DEFAULT_PAGE_SIZE, pageCount, pageSlice } from '../../../lib/pagination';
import { useAdminUsers } from '../api/admin-users';
import { ADMIN_TOGGLES } from './admin-columns';
import { AdminUserRow } from './admin-user-row';
import classes from './admin-users-card.module.css';

function matches(user: User, query: string): boolean {
  if (query === '') return true;
  const name = `${user.first_name} ${user.last_name}`;
  return [user.username, user.email, name].some((text) => text.toLowerCase().includes(query));
}

/** Spec §2 admin panel user list: search, 10 per page, toggles and delete per user. */
export function AdminUsersCard({ currentUsername }: { currentUsername: string }) {
  const { data: users, isPending, isError, error } = useAdminUsers();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = search.trim().toLowerCase();
  const found = (users ?? []).filter((user) => matches(user, query));
  const count = pageCount(found.length, DEFAULT_PAGE_SIZE);
  // Deleting the last rows of the last page leaves it empty: show the new last page.
  const current = Math.min(page, count);

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="admin-users">
      <Group justify="space-between" mb="md" gap="sm">
        <div>
          <Title order={2} size="h4" id="admin-users">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            {users ? `${found.length} of ${users.length} accounts` : 'Every account'}
          </Text>
        </div>
        <TextInput
          className={classes.search}
          placeholder="Search name, username or e-mail"
          aria-label="Search users"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            setPage(1);
          }}
        />
      </Group>

      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={220} radius="md" />}
      {users && (
        <>
          <Text hiddenFrom="md" size="xs" c="dimmed" mb={4}>
            Swipe the table sideways for the settings of each user.
          </Text>
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" highlightOnHover className={classes.table}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Activity</Table.Th>
                  {ADMIN_SETTABLE_KEYS.map((key) => (
                    <Table.Th key={key}>{ADMIN_TOGGLES[key].header}</Table.Th>
                  ))}
                  <Table.Th>
                    <VisuallyHidden>Delete</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pageSlice(found, current, DEFAULT_PAGE_SIZE).map((user) => (
                  <AdminUserRow
                    key={user.username}
                    user={user}
                    isSelf={user.username === currentUsername}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {found.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              No users match “{search.trim()}”.
            </Text>
          )}
          {count > 1 && (
            <Group justify="center" mt="md">
              <PageLinks page={current} count={count} onChange={setPage} label="User list pages" />
            </Group>
          )}
        </>
      )}
    </Card>
  );
}
