import { Alert, Button, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PLANS } from '@app/shared/api/billing';
import type { PlanInfo } from '@app/shared/api/billing';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { IconArrowsExchange } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { isPlanId, startCheckout } from '../../../lib/checkout';
import { useViewer } from '../../users';
import { useSubscriptionStatus } from '../api/subscription-status';
import { PLAN_ACTION, PlanCard } from '../components/plan-card';
import { ENTERPRISE_CONTACT_HREF, hasPlan, planName, PORTAL_HREF } from '../plans';

/**
 * /pricing (spec §2, §6, §9): the four plans. Visitors buy through /register?trial={tier};
 * logged-in users go to the provider's checkout; subscribers see their plan marked and change
 * plan in the portal (`?from=subscription_management` says they came to change it).
 */
export function PricingPage() {
  const viewer = useViewer();
  const [searchParams] = useSearchParams();
  const changing = searchParams.get('from') === 'subscription_management';
  const status = useSubscriptionStatus({ enabled: viewer.loggedIn });
  const current = viewer.loggedIn && hasPlan(status.data) ? status.data.subscription : null;
  const [pending, setPending] = useState<string | null>(null);

  const buy = (plan: PlanInfo) => {
    if (!isPlanId(plan.id)) return;
    setPending(plan.id);
    // Spec §8: a failed checkout only logs; the button comes back.
    void startCheckout(plan.id).then((left) => {
      if (!left) setPending(null);
    });
  };

  const action = (plan: PlanInfo) => {
    if (plan.id === 'enterprise') {
      return (
        <Button component={Link} to={ENTERPRISE_CONTACT_HREF} variant="default" {...PLAN_ACTION}>
          Contact Us
        </Button>
      );
    }
    if (plan.id === current) {
      return (
        <Button disabled {...PLAN_ACTION}>
          Your current plan
        </Button>
      );
    }
    if (current !== null) {
      return (
        <Button component="a" href={PORTAL_HREF} variant="light" {...PLAN_ACTION}>
          Switch to {plan.name}
        </Button>
      );
    }
    if (!viewer.loggedIn) {
      return (
        <Button component={Link} to={`${PAGE_PATHS.register}?trial=${plan.id}`} {...PLAN_ACTION}>
          Buy {plan.name}
        </Button>
      );
    }
    return (
      <Button
        onClick={() => buy(plan)}
        loading={pending === plan.id}
        // Until the status says whether the user already has a plan, nothing is bought twice.
        disabled={status.isPending || (pending !== null && pending !== plan.id)}
        {...PLAN_ACTION}
      >
        Buy {plan.name}
      </Button>
    );
  };

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>
          {changing && viewer.loggedIn ? 'Change your plan' : 'Plans and pricing'}
        </Title>
        <Text c="dimmed">
          Monthly plans, cancel at any time. Payments are handled by our payment provider.
        </Text>
      </Stack>
      {changing && current !== null && (
        <Alert
          variant="light"
          color="blue"
          icon={<IconArrowsExchange size={18} aria-hidden />}
          title={`You are on the ${planName(current)} plan`}
        >
          Pick another plan below: the change is made in the subscription portal, and the price is
          adjusted for the rest of the month.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="lg">
        {PLANS.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            current={plan.id === current}
            highlighted={changing && current !== null && plan.id !== current}
            action={action(plan)}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
