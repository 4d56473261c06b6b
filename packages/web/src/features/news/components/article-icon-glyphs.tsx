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
import type { ArticleIconName } from './article-icon';

/** The analyst's `article_icon` names (lucide-style, spec §3) drawn with our icon set. */
export const ARTICLE_ICONS: Readonly<Record<ArticleIconName, Icon>> = {
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

/** The glyph of a known `article_icon` name (article-icon.tsx checks the name first). */
export function ArticleIconGlyph({ name }: { name: string }) {
  const Glyph = Object.hasOwn(ARTICLE_ICONS, name)
    ? ARTICLE_ICONS[name as ArticleIconName]
    : undefined;
  return Glyph ? <Glyph size={18} aria-hidden="true" /> : null;
}
