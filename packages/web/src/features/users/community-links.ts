import { IconBrandTelegram, IconMessages } from '@tabler/icons-react';
import { useTelegramInfo } from './api/telegram';
import type { ExternalLink } from '../../lib/site-config';

/**
 * Spec §1 "Menus link to a chat community and a public channel": the server's
 * TELEGRAM_COMMUNITY_URL and TELEGRAM_CHANNEL_URL, each shown only when set.
 */
export function useCommunityLinks(): ExternalLink[] {
  const { data } = useTelegramInfo();
  const links: ExternalLink[] = [];
  if (data?.community_url) {
    links.push({ label: 'Community chat', href: data.community_url, icon: IconMessages });
  }
  if (data?.channel_url) {
    links.push({ label: 'Public channel', href: data.channel_url, icon: IconBrandTelegram });
  }
  return links;
}
