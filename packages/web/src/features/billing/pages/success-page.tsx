import { Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from '../../../components/link';
import { ContactSentence } from '../../site';
import { USERS_QUERY_KEY, useViewer } from '../../users';
import { useSubscriptionStatus } from '../api/subscription-status';
import { isConfirmed, planName } from '../plans';

/** /success asks GET /payment/status this often … */
export const SUCCESS_POLL_MS = 2_000;
/** … for at most this long. */
export const SUCCESS_TIMEOUT_MS = 60_000;

export const WAITING_TEXT = 'Waiting for the payment to be confirmed…';
export const TIMEOUT_TEXT =
  'We have not received the confirmation of your payment yet. It can take a few minutes: your ' +
  'plan appears on your profile as soon as the payment is confirmed, and nothing changes until then.';

export const VISITOR_TEXT =
  'Your plan appears on your profile as soon as the payment is confirmed. Sign in to see it.';

/**
 * /success (spec §2; public): back from the provider's checkout. Everyone is thanked; a visitor
 * (another browser, a link in an e-mail) is asked to sign in to see the plan. The redirect proves nothing, so
 * the plan is shown only once GET /payment/status reports it (the server changes it only from a
 * verified payment event): polled every 2 s for up to 60 s, then an honest timeout.
 */
export function SuccessPage(props: { pollMs?: number; timeoutMs?: number }) {
  const viewer = useViewer();
  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" withBorder>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="teal" aria-hidden="true">
          <IconCircleCheck size={32} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Thank you for subscribing!
        </Title>
        {viewer.loggedIn ? (
          <SignedInPlan {...props} />
        ) : (
          <>
            <Text>{VISITOR_TEXT}</Text>
            <Group justify="center">
              <Button component={Link} to={PAGE_PATHS.login}>
                Sign in
              </Button>
              <Button component={Link} to={PAGE_PATHS.pricing} variant="default">
                Plans
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** The signed-in subscriber's plan, once GET /payment/status reports it. */
function SignedInPlan({
  pollMs = SUCCESS_POLL_MS,
  timeoutMs = SUCCESS_TIMEOUT_MS,
}: {
  pollMs?: number;
  timeoutMs?: number;
}) {
  const [timedOut, setTimedOut] = useState(false);
  const status = useSubscriptionStatus({
    pollMs,
    keepPolling: (state) => !isConfirmed(state) && !timedOut,
  });
  const state = status.data;
  const confirmed = isConfirmed(state);

  // The user's own copy (menus: no Pricing, Upgrade Subscription) is reloaded once confirmed.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (confirmed) void queryClient.invalidateQueries({ queryKey: USERS_QUERY_KEY });
  }, [confirmed, queryClient]);

  useEffect(() => {
    const timer = window.setTimeout(() => setTimedOut(true), timeoutMs);
    return () => window.clearTimeout(timer);
  }, [timeoutMs]);

  return (
    <>
      {confirmed ? (
        <Stack gap="xs" role="status">
          <Text size="lg">
            {state.subscription_status === 'trialing'
              ? `Your ${planName(state.subscription)} trial has started.`
              : `Your ${planName(state.subscription)} plan is active.`}
          </Text>
          <Text c="dimmed" size="sm">
            Its alerts, summaries and AI answers are yours from now on.
          </Text>
        </Stack>
      ) : timedOut ? (
        <Stack gap="sm" align="center">
          <Text role="alert">{TIMEOUT_TEXT}</Text>
          <Text size="sm" c="dimmed">
            If you were charged and the plan does not appear, write <ContactSentence />.
          </Text>
          <Button
            variant="default"
            onClick={() => void status.refetch()}
            loading={status.isFetching}
          >
            Check again
          </Button>
        </Stack>
      ) : (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{WAITING_TEXT}</Text>
        </Group>
      )}
      <Group justify="center">
        <Button component={Link} to={PAGE_PATHS.userProfile}>
          Your profile
        </Button>
        <Button component={Link} to={PAGE_PATHS.dashboard} variant="default">
          Dashboard
        </Button>
      </Group>
    </>
  );
}
