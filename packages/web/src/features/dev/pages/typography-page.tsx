import { Anchor, Blockquote, Code, Group, List, Stack, Text, Title } from '@mantine/core';
import { SentimentBadge } from '../../../components/sentiment-badge';
import { ChangeText } from '../../../components/change-display';
import { DemoSection, GalleryPage } from '../components/gallery-page';

const HEADINGS = [1, 2, 3, 4, 5, 6] as const;
const SIZES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;

export function TypographyPage() {
  return (
    <GalleryPage
      group="Components"
      title="Typography"
      intro="Headings, text sizes and the inline elements of the product's theme, with its coloured price changes and sentiment badges."
    >
      <DemoSection id="type-headings" title="Headings">
        <Stack gap={4}>
          {HEADINGS.map((order) => (
            <Title key={order} order={order} aria-level={order + 2}>
              Heading {order}: Markets close higher
            </Title>
          ))}
        </Stack>
      </DemoSection>
      <DemoSection id="type-text" title="Text">
        {SIZES.map((size) => (
          <Text key={size} size={size}>
            Text {size}: Apple shares rose after earnings beat expectations.
          </Text>
        ))}
        <Text c="dimmed" size="sm">
          Dimmed text for secondary details.
        </Text>
        <Text size="sm">
          Inline: <b>bold</b>, <i>italic</i>, <Code>AAPL</Code>, <Anchor href="#">a link</Anchor>,{' '}
          <ChangeText value={1.25} format="percent" /> and{' '}
          <ChangeText value={-0.8} format="percent" />.
        </Text>
      </DemoSection>
      <DemoSection id="type-sentiment" title="Sentiment badges">
        <Group gap="xs">
          {[-7, -2, 0, 3].map((score) => (
            <SentimentBadge key={score} score={score} />
          ))}
        </Group>
      </DemoSection>
      <DemoSection id="type-blocks" title="Quote and list">
        <Blockquote cite="– The AI analyst">Buy the rumour, read the filing.</Blockquote>
        <List size="sm">
          <List.Item>Summaries of the news</List.Item>
          <List.Item>Company analysis</List.Item>
          <List.Item>Portfolio alerts</List.Item>
        </List>
      </DemoSection>
    </GalleryPage>
  );
}
