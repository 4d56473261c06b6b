import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { WidgetId } from '@app/shared/api/portfolio';
import { IconArrowDown, IconArrowUp, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useId } from 'react';
import type { ComponentType } from 'react';
import { showErrorToast } from '../../../lib/toast';
import { useFailureToast } from '../../../lib/use-failure-toast';
import { LatestPortfolioSummary } from '../../assistant';
import { useSaveWidgets, useWidgets } from '../api/widgets';
import type { WidgetSetting } from '../api/widgets';
import { PageHeader } from '../components/page-header';
import {
  HoldingsNewsWidget,
  MoversWidget,
  RecommendationsWidget,
  UpcomingEventsWidget,
} from '../components/widget-cards';
import classes from '../components/portfolio.module.css';

const WIDGETS: Record<WidgetId, { title: string; body: ComponentType }> = {
  movers: { title: 'Portfolio movers today', body: MoversWidget },
  holdings_news: { title: 'News on my holdings', body: HoldingsNewsWidget },
  ai_summary: { title: 'My latest AI portfolio summary', body: LatestPortfolioSummary },
  upcoming_events: { title: 'Upcoming events', body: UpcomingEventsWidget },
  recommendations: { title: 'Recommendations', body: RecommendationsWidget },
};

/** `list` with the widget at `index` moved by `offset` places (−1 up, +1 down). */
export function moveWidget(
  list: readonly WidgetSetting[],
  index: number,
  offset: number,
): WidgetSetting[] {
  const target = index + offset;
  const moved = [...list];
  const [item] = moved.splice(index, 1);
  if (!item || target < 0 || target > list.length - 1) return [...list];
  moved.splice(target, 0, item);
  return moved;
}

function WidgetCard({
  setting,
  first,
  last,
  onMove,
  onToggle,
}: {
  setting: WidgetSetting;
  first: boolean;
  last: boolean;
  onMove: (offset: number) => void;
  onToggle: () => void;
}) {
  const { title, body: Body } = WIDGETS[setting.id];
  const titleId = useId();
  return (
    <Card
      withBorder
      radius="lg"
      padding="md"
      component="section"
      aria-labelledby={titleId}
      className={classes.card}
      data-hidden={!setting.visible || undefined}
      style={setting.visible ? undefined : { opacity: 0.7 }}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={setting.visible ? 'sm' : 0}>
        <Title order={2} size="h5" id={titleId}>
          {title}
        </Title>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${title} up`}
            disabled={first}
            onClick={() => onMove(-1)}
          >
            <IconArrowUp size={16} />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            aria-label={`Move ${title} down`}
            disabled={last}
            onClick={() => onMove(1)}
          >
            <IconArrowDown size={16} />
          </ActionIcon>
          <Button
            size="compact-xs"
            variant="subtle"
            aria-label={`${setting.visible ? 'Hide' : 'Show'} ${title}`}
            leftSection={
              setting.visible ? (
                <IconEyeOff size={14} aria-hidden="true" />
              ) : (
                <IconEye size={14} aria-hidden="true" />
              )
            }
            onClick={onToggle}
          >
            {setting.visible ? 'Hide' : 'Show'}
          </Button>
        </Group>
      </Group>
      {setting.visible && <Body />}
    </Card>
  );
}

/**
 * /dashboard/widgets (spec §2; guard 'user'): cards the user shows, hides and orders with buttons
 * (keyboard operable), stored per user through /user/widgets.
 */
export function WidgetsPage() {
  const widgets = useWidgets();
  useFailureToast(widgets.error, 'Your widgets could not be loaded');
  const save = useSaveWidgets();
  const list = widgets.data ?? [];

  const store = (next: WidgetSetting[]) =>
    save.mutate(next, {
      onError: (error) => showErrorToast(error.message, 'Your widgets were not saved'),
    });

  return (
    <Stack gap="lg">
      <PageHeader title="Widgets">
        Choose the cards you want and their order; they are kept with your account.
      </PageHeader>
      {widgets.isPending && (
        <SimpleGrid cols={{ base: 1, md: 2 }} role="status" aria-label="Loading your widgets">
          <Skeleton height={180} radius="lg" />
          <Skeleton height={180} radius="lg" />
        </SimpleGrid>
      )}
      {widgets.isError && (
        <Alert color="red" title="Your widgets could not be loaded">
          {widgets.error.message}
        </Alert>
      )}
      {widgets.data && list.length === 0 && <Text c="dimmed">No widgets to show.</Text>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {list.map((setting, index) => (
          <WidgetCard
            key={setting.id}
            setting={setting}
            first={index === 0}
            last={index === list.length - 1}
            onMove={(offset) => store(moveWidget(list, index, offset))}
            onToggle={() =>
              store(
                list.map((item) =>
                  item.id === setting.id ? { ...item, visible: !item.visible } : item,
                ),
              )
            }
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
