import { Badge, Group, Text, Timeline } from '@mantine/core';
import { IconBell, IconChartCandle, IconNews, IconSparkles } from '@tabler/icons-react';
import { SentimentBadge } from '../../../components/sentiment-badge';
import { SectionCard } from '../../../components/section-card';
import { GalleryPage } from '../components/gallery-page';

const ITEMS = [
  {
    icon: IconNews,
    title: 'Atlas Technology beats estimates',
    when: '09:30',
    score: 6,
    text: 'Revenue up 12% on cloud demand.',
  },
  {
    icon: IconSparkles,
    title: 'AI summary ready',
    when: '09:42',
    score: 3,
    text: 'The analyst rates the quarter as solid.',
  },
  {
    icon: IconChartCandle,
    title: 'Price jumps 4.1%',
    when: '10:05',
    score: 0,
    text: 'Volume twice the 30-day average.',
  },
  {
    icon: IconBell,
    title: 'Alert sent to 1,204 watchers',
    when: '10:06',
    score: -1,
    text: 'Instant alerts by e-mail and Telegram.',
  },
] as const;

export function TimelinePage() {
  return (
    <GalleryPage
      group="Pages"
      title="Timeline"
      intro="A story as the company page's news timeline tells it: events in order with their sentiment badges."
    >
      <SectionCard labelledBy="demo-timeline-title">
        <Text fw={600} id="demo-timeline-title" mb="md">
          Atlas Technology, one morning
        </Text>
        <Timeline active={ITEMS.length - 1} bulletSize={28} lineWidth={2}>
          {ITEMS.map((item) => (
            <Timeline.Item
              key={item.title}
              bullet={<item.icon size={16} />}
              title={
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    {item.title}
                  </Text>
                  <SentimentBadge score={item.score} />
                </Group>
              }
            >
              <Text size="sm" c="dimmed">
                {item.text}
              </Text>
              <Badge variant="light" color="gray" size="xs" mt={4}>
                {item.when}
              </Badge>
            </Timeline.Item>
          ))}
        </Timeline>
      </SectionCard>
    </GalleryPage>
  );
}
