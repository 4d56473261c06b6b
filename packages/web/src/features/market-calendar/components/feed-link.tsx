import { Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { showErrorToast } from '../../../lib/toast';
import { useFeedChanges, useFeedState } from '../api/market-calendar';

/**
 * The private iCalendar link of the user's holdings' and watchlists' events: shown once when
 * made (only its hash is kept), regenerated (the old link stops working) or revoked.
 */
export function FeedLink() {
  const state = useFeedState();
  const { create, revoke } = useFeedChanges();
  const [url, setUrl] = useState<string | null>(null);
  const active = state.data?.active === true;
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => setUrl(`${window.location.origin}${made.path}`),
      onError: (error) => showErrorToast(error.message),
    });
  return (
    <Card withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Add to your phone’s calendar
        </Title>
        <Text size="sm" c="dimmed">
          A private iCalendar link with the results and dividend dates of your holdings and
          watchlists. Anyone with the link can read it: regenerate or revoke it at any time.
        </Text>
        {url && (
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label="Your calendar link (shown once)"
              value={url}
              readOnly
              style={{ flex: 1 }}
              onFocus={(event) => event.currentTarget.select()}
            />
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        <Group gap="xs">
          <Button size="xs" onClick={make} loading={create.isPending}>
            {active ? 'Regenerate link' : 'Create link'}
          </Button>
          {active && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => setUrl(null),
                  onError: (error) => showErrorToast(error.message),
                })
              }
            >
              Revoke link
            </Button>
          )}
        </Group>
      </Stack>
    </Card>
  );
}
