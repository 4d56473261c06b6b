import type { SubscriptionIcon } from '@app/shared/api/comments';
import { IconBuildingSkyscraper, IconCrown, IconHeart, IconStar } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { LazyTooltip } from '../../../components/lazy-tooltip';

const BADGES: Record<
  Exclude<SubscriptionIcon, ''>,
  { icon: Icon; label: string; color: string }
> = {
  supporter: { icon: IconHeart, label: 'Supporter plan', color: 'pink' },
  basic: { icon: IconStar, label: 'Basic plan', color: 'blue' },
  standard: { icon: IconCrown, label: 'Standard plan', color: 'yellow' },
  enterprise: { icon: IconBuildingSkyscraper, label: 'Enterprise plan', color: 'grape' },
};

/** The author's plan as a small icon naming the plan (computed by the server; none without one). */
export function SubscriptionBadge({ icon }: { icon: SubscriptionIcon }) {
  if (icon === '') return null;
  const badge = BADGES[icon];
  return (
    <LazyTooltip label={badge.label} withArrow openDelay={200}>
      <badge.icon
        size={16}
        role="img"
        aria-label={badge.label}
        color={`var(--mantine-color-${badge.color}-filled)`}
        style={{ flex: 'none' }}
      />
    </LazyTooltip>
  );
}
