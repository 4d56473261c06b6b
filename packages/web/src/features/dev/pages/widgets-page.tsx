import { Card, Group, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoin, IconEye, IconNews, IconTrendingUp } from '@tabler/icons-react';
import { ChangeText } from '../../../components/change-display';
import { MoversWidget, RecommendationsWidget, UpcomingEventsWidget } from '../../portfolio';
import { GalleryPage } from '../components/gallery-page';

const STATS = [
  { label: 'Portfolio value', value: '$15,240', change: 1.8, icon: IconCoin, color: 'blue' },
  { label: 'Day change', value: '+$268', change: 1.8, icon: IconTrendingUp, color: 'teal' },
  { label: 'Watched companies', value: '12', change: null, icon: IconEye, color: 'grape' },
  { label: 'News today', value: '37', change: null, icon: IconNews, color: 'orange' },
] as const;

function WidgetCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <Title order={2} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  );
}

export function WidgetsPage() {
  return (
    <GalleryPage
      group="Pages"
      title="Widgets"
      intro="Stat cards with sample numbers, then the dashboard's own widgets with your live data."
    >
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
        {STATS.map((stat) => (
          <Card key={stat.label} withBorder radius="lg" padding="md">
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  {stat.label}
                </Text>
                <Text fz={24} fw={700}>
                  {stat.value}
                </Text>
                {stat.change !== null && <ChangeText value={stat.change} format="percent" />}
              </div>
              <ThemeIcon size={44} radius="md" variant="light" color={stat.color}>
                <stat.icon size={24} />
              </ThemeIcon>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <WidgetCard title="Today's movers">
          <MoversWidget />
        </WidgetCard>
        <WidgetCard title="Upcoming events">
          <UpcomingEventsWidget />
        </WidgetCard>
        <WidgetCard title="Recommendations">
          <RecommendationsWidget />
        </WidgetCard>
      </SimpleGrid>
    </GalleryPage>
  );
}
