import { IconBrandDiscord, IconBrandTelegram } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

export interface ExternalLink {
  label: string;
  href: string;
  icon: Icon;
}

/** Links that leave the product (spec §1: "Menus link to a chat community and a public channel"). */
export const EXTERNAL_LINKS = {
  communityChat: {
    label: 'Community chat',
    href: 'https://discord.gg/stockpulse',
    icon: IconBrandDiscord,
  },
  publicChannel: {
    label: 'Public channel',
    href: 'https://t.me/stockpulse_news',
    icon: IconBrandTelegram,
  },
} as const satisfies Record<string, ExternalLink>;

export const CONTACT = {
  email: 'support@stockpulse.app',
  privacyEmail: 'privacy@stockpulse.app',
  legalEmail: 'legal@stockpulse.app',
  /** The server's CONTACT_PHONE default; the footer shows the configured one. */
  phone: '+44 20 7946 0321',
  address: 'StockPulse Ltd., 20 Market Street, London EC2A 4NE, United Kingdom',
} as const;

/** Legal documents' effective date (spec §1: dated March 2024). */
export const LEGAL_LAST_UPDATED = 'March 1, 2024';

/**
 * The site's main origin and the alternate hosts that serve the same app (the `www.` name, old
 * domains). Links the app hands out (share card) always point at the main origin; on any other
 * host (localhost, a preview deploy) the current origin is kept.
 */
export const SITE_DOMAINS = {
  mainOrigin: 'https://stockpulse.app',
  alternateHosts: ['www.stockpulse.app'],
} as const satisfies { mainOrigin: string; alternateHosts: readonly string[] };
