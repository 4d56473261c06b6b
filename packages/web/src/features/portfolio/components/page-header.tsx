import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { DashboardNav } from './dashboard-nav';

/** Title, one line of purpose and the dashboard's page links, the same on every page. */
export function PageHeader({
  title,
  nav = true,
  children,
}: {
  title: string;
  /** Show the dashboard's page links (visitors of /dashboard do not get them). */
  nav?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="xs">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {children}
        </Text>
      </div>
      {nav && <DashboardNav />}
    </Stack>
  );
}
