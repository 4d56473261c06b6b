import { Button, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockX } from '@tabler/icons-react';
import { PAGE_PATHS } from '@app/shared/app-routes';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../../components/link';
import { ApiError } from '../../../lib/api-client';
import { useConfirmNewsletter } from '../api/newsletter-confirm';
import classes from './content-page.module.css';

/** /newsletter/confirm?token= : the double opt-in's landing page, confirmed or expired. */
export function NewsletterConfirmPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const confirm = useConfirmNewsletter();
  const sent = useRef(false);

  useEffect(() => {
    // Once per page: the token works only once.
    if (sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [confirm, token]);

  const done = confirm.isSuccess;
  const failed = confirm.isError;
  const expired = confirm.error instanceof ApiError && confirm.error.status === 400;
  return (
    <Paper className={classes.card} radius="lg" shadow="xl" withBorder maw={560}>
      <Stack align="center" gap="md" ta="center" role="status">
        {!done && !failed && (
          <>
            <Loader aria-hidden="true" />
            <Text>Confirming your subscription…</Text>
          </>
        )}
        {done && (
          <>
            <ThemeIcon size={64} radius="xl" color="teal" variant="light">
              <IconCircleCheck size={36} aria-hidden="true" />
            </ThemeIcon>
            <Title order={1} className={classes.title}>
              Subscription confirmed
            </Title>
            <Text c="dimmed">
              {confirm.data} will receive StockPulse's weekly market insights. Every mail has a
              one-click unsubscribe link.
            </Text>
          </>
        )}
        {failed && (
          <>
            <ThemeIcon size={64} radius="xl" color="orange" variant="light">
              <IconClockX size={36} aria-hidden="true" />
            </ThemeIcon>
            <Title order={1} className={classes.title}>
              {expired ? 'This link has expired' : 'We could not confirm your subscription'}
            </Title>
            <Text c="dimmed">
              {expired
                ? `${confirm.error.message} Subscribe again on the home page to get a new link.`
                : 'There was a problem accessing the server, please try again later.'}
            </Text>
          </>
        )}
        <Button component={Link} to={PAGE_PATHS.landing} variant="light">
          Back to StockPulse
        </Button>
      </Stack>
    </Paper>
  );
}
