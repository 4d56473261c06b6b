import type { Icon } from '@tabler/icons-react';

export interface ExternalLink {
  label: string;
  href: string;
  icon: Icon;
}

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
