import {
  Alert,
  Group,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { ADMIN_SETTABLE_KEYS } from '@app/shared/api/users';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { PageLinks } from '../../../components/page-links';
import { DEFAULT_PAGE_SIZE, pageCount } from '../../../lib/pagination';
import { useAdminUsers } from '../api/admin-users';
import { ADMIN_TOGGLES } from './admin-columns';
import { AdminUserRow } from './admin-user-row';
import classes from './admin-users-card.module.css';
import { TableHead } from '../../../components/table-head';
import { SectionCard } from '../../../components/section-card';

/** How long the search waits after the last keystroke before asking the server. */
const SEARCH_DEBOUNCE_MS = 250;

/**
 * Spec §2 admin panel user list: search, 10 per page, toggles and delete per user. The server
 * pages and searches (a site has tens of thousands of accounts); the card asks for one page.
 */
export function AdminUsersCard({ currentUsername }: { currentUsername: string }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isPending, isError, error } = useAdminUsers(page, query);
  const users = data?.users;
  const total = data?.total ?? 0;
  const count = pageCount(total, DEFAULT_PAGE_SIZE);
  // Deleting the last rows of the last page leaves it empty: show the new last page.
  const current = Math.min(page, count);
  if (current !== page && data) setPage(current);

  return (
    <SectionCard labelledBy="admin-users">
      <Group justify="space-between" mb="md" gap="sm">
        <div>
          <Title order={2} size="h4" id="admin-users">
            Users
          </Title>
          <Text size="sm" c="dimmed">
            {data
              ? query === ''
                ? `${total.toLocaleString('en-US')} accounts`
                : `${total.toLocaleString('en-US')} matching “${query}”`
              : 'Every account'}
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
              <TableHead
                columns={[
                  'User',
                  'Activity',
                  ...ADMIN_SETTABLE_KEYS.map((key) => ({ key, label: ADMIN_TOGGLES[key].header })),
                  { key: 'delete', label: <VisuallyHidden>Delete</VisuallyHidden> },
                ]}
              />
              <Table.Tbody>
                {users.map((user) => (
                  <AdminUserRow
                    key={user.username}
                    user={user}
                    isSelf={user.username === currentUsername}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {users.length === 0 && (
            <Text c="dimmed" ta="center" py="lg">
              {query === '' ? 'No accounts yet.' : `No users match “${query}”.`}
            </Text>
          )}
          {count > 1 && (
            <Group justify="center" mt="md">
              <PageLinks page={current} count={count} onChange={setPage} label="User list pages" />
            </Group>
          )}
        </>
      )}
    </SectionCard>
  );
}
