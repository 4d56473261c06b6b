import { Alert, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ErrorPanel } from '../../../components/error-panel';
import { LoginPrompt } from '../../../components/login-prompt';
import { DemoDataBadge } from '../../market';
import { SectionCard } from '../../../components/section-card';
import { DemoSection, GalleryPage } from '../components/gallery-page';

export function PanelsPage() {
  return (
    <GalleryPage
      group="Components"
      title="Panels"
      intro="The frames the product puts content in: section cards, plain cards, alerts, the error panel and the login prompt."
    >
      <DemoSection id="panels-cards" title="Section cards">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <SectionCard labelledBy="panel-demo-market">
            <Group justify="space-between">
              <Title order={3} size="h5" id="panel-demo-market">
                Market panel
              </Title>
              <DemoDataBadge />
            </Group>
            <Text size="sm" c="dimmed" mt="xs">
              Every market panel (top growth, watchlist, related companies) sits in this card.
            </Text>
          </SectionCard>
          <Card withBorder radius="lg" padding="lg">
            <Title order={3} size="h5">
              Plain card
            </Title>
            <Text size="sm" c="dimmed" mt="xs">
              Dashboard widgets and profile cards.
            </Text>
          </Card>
        </SimpleGrid>
      </DemoSection>
      <DemoSection id="panels-alerts" title="Alerts">
        <Stack gap="sm">
          <Alert icon={<IconInfoCircle />} color="blue" title="Information">
            A notice inside a page.
          </Alert>
          <Alert icon={<IconInfoCircle />} color="yellow" title="Warning">
            Something needs attention.
          </Alert>
          <Alert icon={<IconInfoCircle />} color="red" title="Error">
            Something failed.
          </Alert>
        </Stack>
      </DemoSection>
      <DemoSection id="panels-error" title="Error panel">
        <ErrorPanel code="404" title="Page not found" message="The error panel of missing pages." />
      </DemoSection>
      <DemoSection id="panels-login" title="Login prompt">
        <LoginPrompt />
      </DemoSection>
    </GalleryPage>
  );
}
