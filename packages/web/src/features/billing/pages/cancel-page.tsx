import {
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { IconMoodSad } from '@tabler/icons-react';
import { useState } from 'react';
import type { SyntheticEvent } from 'react';
import { Link } from '../../../components/link';
import { showErrorToast } from '../../../lib/toast';
import { useViewer } from '../../users';
import { useCancelFeedback } from '../api/cancel-feedback';
import type { CancelReason } from '../api/cancel-feedback';

export const CANCEL_REASONS: readonly { value: CancelReason; label: string }[] = [
  { value: 'too_expensive', label: 'It is too expensive' },
  { value: 'missing_feature', label: 'A feature I need is missing' },
  { value: 'not_useful', label: 'It is not useful to me' },
  { value: 'other', label: 'Something else' },
];

/** A visitor's feedback goes through the contact form (the feedback call needs a sign-in). */
const VISITOR_FEEDBACK_HASH = `#${new URLSearchParams({
  subject: 'Feedback on a cancelled payment',
  message: 'What stopped me: ',
}).toString()}`;

export const FEEDBACK_THANKS = 'Thank you for your feedback: it helps us do better.';

/**
 * /Cancel (spec §2): back from a checkout that was not completed. Regret, and (for a logged-in
 * user) a feedback form → POST /payment/cancel_feedback, stored and shown to admins.
 */
export function CancelPage() {
  const viewer = useViewer();
  const feedback = useCancelFeedback();
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [text, setText] = useState('');

  const submit = (event: SyntheticEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason === '') return;
    feedback.mutate(
      { reason, text: text.trim() },
      { onError: (error) => showErrorToast(error.message) },
    );
  };

  return (
    <Paper radius="lg" p={{ base: 'lg', sm: 'xl' }} maw={560} mx="auto" withBorder>
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={48} radius="xl" variant="light" color="gray" aria-hidden="true">
            <IconMoodSad size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            We&apos;re sorry to see you go
          </Title>
        </Group>
        <Text>
          Your payment was cancelled and nothing has been charged. You can pick a plan again at any
          time.
        </Text>
        {!viewer.loggedIn && (
          <Text>
            Would you tell us what stopped you?{' '}
            <Anchor component={Link} to={`${PAGE_PATHS.contact}${VISITOR_FEEDBACK_HASH}`}>
              Send us your feedback
            </Anchor>
            : it helps us do better.
          </Text>
        )}
        {viewer.loggedIn &&
          (feedback.isSuccess ? (
            <Text role="status" c="teal" fw={600}>
              {FEEDBACK_THANKS}
            </Text>
          ) : (
            <form onSubmit={submit} aria-label="Feedback">
              <Stack gap="md">
                <Radio.Group label="What stopped you?" value={reason} onChange={setReason}>
                  <Stack gap={6} mt="xs">
                    {CANCEL_REASONS.map((option) => (
                      <Radio key={option.value} value={option.value} label={option.label} />
                    ))}
                  </Stack>
                </Radio.Group>
                <Textarea
                  label="Anything else you would like to tell us?"
                  value={text}
                  onChange={(event) => setText(event.currentTarget.value)}
                  maxLength={2000}
                  autosize
                  minRows={3}
                />
                <Group>
                  <Button type="submit" disabled={reason === ''} loading={feedback.isPending}>
                    Send feedback
                  </Button>
                </Group>
              </Stack>
            </form>
          ))}
        <Group>
          <Button component={Link} to={PAGE_PATHS.pricing} variant="default">
            Back to pricing
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
