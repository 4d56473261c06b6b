import { Badge, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { Link } from '../../../components/link';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { useSubscriptionStatus } from '../api/subscription-status';
import { hasPlan, planName, PORTAL_HREF, STATUS_LABELS } from '../plans';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '@app/shared/display/dates';

const STATUS_COLORS: Record<string, string> = {
  active: 'teal',
  trialing: 'blue',
  past_due: 'orange',
};

/**
 * Spec §2 profile page: the subscription card. With a plan: its name and status, when it renews
 * or ends, 'Manage subscription' (the provider's portal, a browser navigation) and a link to
 * change plan; otherwise a prompt to buy one.
 */
export function SubscriptionCard() {
  const status = useSubscriptionStatus();
  const state = status.data;
  return (
    <SectionCard labelledBy="subscription-title">
      <Title order={2} size="h4" id="subscription-title" mb="xs">
        Subscription
      </Title>
      {status.isPending ? (
        <Loader size="sm" aria-label="Loading your subscription" />
      ) : status.isError ? (
        <Text size="sm" c="red" role="alert">
          {status.error.message}
        </Text>
      ) : hasPlan(state) ? (
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={700} size="lg">
              {planName(state.subscription)}
            </Text>
            <Badge color={STATUS_COLORS[state.subscription_status] ?? 'gray'} variant="light">
              {STATUS_LABELS[state.subscription_status]}
            </Badge>
          </Group>
          {state.current_period_end !== null && (
            <Text size="sm" c="dimmed">
              {state.cancel_at_period_end ? 'Ends on' : 'Renews on'}{' '}
              {formatDate(state.current_period_end)}
            </Text>
          )}
          {state.subscription_status === 'past_due' && (
            <Text size="sm" c="orange">
              Your last payment did not go through: update your payment method to keep your plan.
            </Text>
          )}
          <Group gap="sm">
            <Button component="a" href={PORTAL_HREF}>
              Manage subscription
            </Button>
            <Button
              component={Link}
              to={`${PAGE_PATHS.pricing}?from=subscription_management`}
              variant="default"
            >
              Change plan
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="sm">
          <Text size="sm">
            You are on the free plan. Buy a plan for alerts, e-mail summaries, portfolio reviews and
            more AI answers.
          </Text>
          <Group>
            <Button component={Link} to={PAGE_PATHS.pricing}>
              Buy a plan
            </Button>
          </Group>
        </Stack>
      )}
    </SectionCard>
  );
}
