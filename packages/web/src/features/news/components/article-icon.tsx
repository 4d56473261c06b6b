import { ThemeIcon } from '@mantine/core';
import {
  IconActivity,
  IconAlertTriangle,
  IconBell,
  IconBuildingBank,
  IconCalendar,
  IconCash,
  IconChartBar,
  IconClipboardCheck,
  IconCoins,
  IconGavel,
  IconHeartHandshake,
  IconMessage,
  IconNews,
  IconStack2,
  IconTrendingDown,
  IconTrendingUp,
  IconUserCheck,
  IconWorld,
} from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

/** The analyst's `article_icon` names (lucide-style, spec §3) drawn with our icon set. */
export const ARTICLE_ICONS: Readonly<Record<string, Icon>> = {
  'trending-up': IconTrendingUp,
  'trending-down': IconTrendingDown,
  'alert-triangle': IconAlertTriangle,
  'bar-chart': IconChartBar,
  calendar: IconCalendar,
  handshake: IconHeartHandshake,
  'clipboard-check': IconClipboardCheck,
  gavel: IconGavel,
  landmark: IconBuildingBank,
  banknote: IconCash,
  coins: IconCoins,
  bell: IconBell,
  'user-check': IconUserCheck,
  activity: IconActivity,
  layers: IconStack2,
  globe: IconWorld,
  'message-square': IconMessage,
  newspaper: IconNews,
};

/**
 * The article's icon as the analyst chose it, labelled with its classification. A name we do not
 * know (a model may answer any) draws nothing rather than a guess.
 */
export function ArticleIcon({ name, label }: { name: string; label: string }) {
  const Glyph = Object.hasOwn(ARTICLE_ICONS, name) ? ARTICLE_ICONS[name] : undefined;
  if (!Glyph) return null;
  return (
    <ThemeIcon
      variant="light"
      color="gray"
      radius="md"
      size={28}
      role="img"
      aria-label={label}
      title={label}
      data-article-icon={name}
    >
      <Glyph size={18} aria-hidden="true" />
    </ThemeIcon>
  );
}
