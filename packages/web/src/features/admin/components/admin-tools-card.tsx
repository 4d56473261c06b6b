import { Button, Group, Text, Title } from '@mantine/core';
import { IconExternalLink, IconRefresh } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { getStoredToken } from '../../../lib/session';
import { ADMIN_QUERY_KEY } from '../api/admin-users';
import { SectionCard } from '../../../components/section-card';

/** Opens a browser session (httpOnly cookie) for this token in a new tab: /api/user/session. */
export function openSessionLogin(): void {
  const token = getStoredToken();
  if (token === null) return;
  const url = `/api/user/session?key=${encodeURIComponent(token)}&next=/`;
  window.open(url, '_blank', 'noopener,noreferrer');
}

/** Spec §2 admin tools. */
export function AdminToolsCard() {
  const queryClient = useQueryClient();
  return (
    <SectionCard labelledBy="admin-tools">
      <Group justify="space-between" gap="md">
        <div>
          <Title order={2} size="h4" id="admin-tools">
            Tools
          </Title>
          <Text size="sm" c="dimmed">
            Session login opens the site in a new tab with a cookie session for your account.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconRefresh size={16} />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY })}
          >
            Reload
          </Button>
          <Button leftSection={<IconExternalLink size={16} />} onClick={openSessionLogin}>
            Session login
          </Button>
        </Group>
      </Group>
    </SectionCard>
  );
}
