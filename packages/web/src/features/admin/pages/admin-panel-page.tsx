import { Grid, Stack } from '@mantine/core';
import { AdminToolsCard } from '../components/admin-tools-card';
import { AdminUsersCard } from '../components/admin-users-card';
import { NewsSourcesCard } from '../components/news-sources-card';
import { OutboxCard } from '../components/outbox-card';
import { ReportsQueueCard } from '../components/reports-queue-card';
import { SiteFilesCard } from '../components/site-files-card';
import { ValidationQueueCard } from '../components/validation-queue-card';
import { DeliveriesCard } from '../../alerts';
import { QueueStateCard } from '../../assistant';
import { PaymentsAdminCard } from '../../billing';
import { ContactInboxCard, NewsletterAdminCard } from '../../site';
import { useCurrentUser } from '../../users';

/** /admin/panel (spec §2, §6; guard 'admin'): tools, users, approval queue, outbox, reports. */
export function AdminPanelPage() {
  const { user } = useCurrentUser();
  return (
    <Stack gap="lg">
      <AdminToolsCard />
      <SiteFilesCard />
      <AdminUsersCard currentUsername={user?.username ?? ''} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <ValidationQueueCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <OutboxCard />
        </Grid.Col>
      </Grid>
      <NewsSourcesCard />
      <DeliveriesCard />
      <ReportsQueueCard />
      <QueueStateCard />
      <PaymentsAdminCard />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <ContactInboxCard />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <NewsletterAdminCard />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
