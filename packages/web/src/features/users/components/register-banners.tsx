import { Alert, Stack } from '@mantine/core';
import { IconEye, IconFlag, IconMessageCircle, IconRocket } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';

/** Plan names of the checkout tiers (spec §9), for the trial banner. */
const TIER_NAMES: Record<string, string> = {
  tier1_monthly: 'Supporter',
  tier2_monthly: 'Basic',
  tier3_monthly: 'Standard',
};

function tierName(tier: string): string {
  const name = TIER_NAMES[tier] ?? tier.replace(/_/g, ' ').trim();
  return name.charAt(0).toUpperCase() + name.slice(1);
}

interface Banner {
  key: string;
  icon: Icon;
  color: string;
  text: string;
}

/** Why the visitor was sent to /register (spec §2 register variants), one banner per reason. */
export function registerBanners(searchParams: URLSearchParams): Banner[] {
  const banners: Banner[] = [];
  const trial = searchParams.get('trial')?.trim();
  if (trial) {
    banners.push({
      key: 'trial',
      icon: IconRocket,
      color: 'grape',
      text: `Create an account to start your ${tierName(trial)} trial.`,
    });
  }
  const watchStock = searchParams.get('watch_stock')?.trim();
  if (watchStock) {
    const what = watchStock === 'company' ? 'companies' : watchStock;
    banners.push({
      key: 'watch_stock',
      icon: IconEye,
      color: 'blue',
      text: `Create a free account to watch ${what} and get news and alerts about them.`,
    });
  }
  if (searchParams.get('comment')) {
    banners.push({
      key: 'comment',
      icon: IconMessageCircle,
      color: 'teal',
      text: 'Create a free account to join the conversation and comment on articles.',
    });
  }
  if (searchParams.get('report') || searchParams.get('source') === 'report') {
    banners.push({
      key: 'report',
      icon: IconFlag,
      color: 'orange',
      text: 'Create a free account to report content to our moderators.',
    });
  }
  return banners;
}

export function RegisterBanners({ searchParams }: { searchParams: URLSearchParams }) {
  const banners = registerBanners(searchParams);
  if (banners.length === 0) return null;
  return (
    <Stack gap="xs">
      {banners.map((banner) => (
        <Alert
          key={banner.key}
          role="note"
          variant="light"
          color={banner.color}
          icon={<banner.icon size={20} aria-hidden="true" />}
          data-testid={`register-banner-${banner.key}`}
        >
          {banner.text}
        </Alert>
      ))}
    </Stack>
  );
}
