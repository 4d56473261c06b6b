import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DashboardNav } from './dashboard-nav';
import { PageTitle } from '../../../components/page-title';

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
      <PageTitle title={title}>{children}</PageTitle>
      {nav && <DashboardNav />}
    </Stack>
  );
}
