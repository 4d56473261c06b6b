import type { Channel, ChannelKind } from '@app/shared/api/telegram';
import {
  Alert,
  Badge,
  Button,
  Chip,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { useChannels, useRemoveChannel, useTestPost, useUpdateChannel } from '../api/channels';
import { KIND_LABELS } from './channel-kinds';
import { SectionCard, SectionCardHeader } from '../../../components/section-card';

function ChannelRow({ channel, botEnabled }: { channel: Channel; botEnabled: boolean }) {
  const update = useUpdateChannel();
  const test = useTestPost();
  const remove = useRemoveChannel();
  const confirmRemove = () =>
    modals.openConfirmModal({
      title: `Remove ${channel.title}`,
      children: (
        <Text size="sm">
          Nothing more is posted to this channel, and its posts log is deleted. The channel itself
          stays in Telegram.
        </Text>
      ),
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(channel.id),
    });

  return (
    <Paper withBorder radius="md" p="md" component="li" aria-label={channel.title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {channel.title}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {channel.chat_id}
            </Text>
          </div>
          <Switch
            label={channel.enabled ? 'Enabled' : 'Disabled'}
            checked={channel.enabled}
            disabled={update.isPending}
            onChange={(event) =>
              update.mutate({ id: channel.id, enabled: event.currentTarget.checked })
            }
            aria-label={`${channel.title} enabled`}
          />
        </Group>
        <Chip.Group
          multiple
          value={channel.kinds}
          onChange={(kinds) => update.mutate({ id: channel.id, kinds })}
        >
          <Group gap="xs">
            {(Object.keys(KIND_LABELS) as ChannelKind[]).map((kind) => (
              <Chip key={kind} value={kind} size="xs" disabled={update.isPending}>
                {KIND_LABELS[kind]}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            loading={test.isPending}
            disabled={!botEnabled}
            onClick={() => test.mutate(channel.id)}
          >
            Test post
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={confirmRemove}>
            Remove
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** The channels with their switches, kinds, a test post and removal. */
export function ChannelList() {
  const { data, isPending, isError, error } = useChannels();
  return (
    <SectionCard labelledBy="channel-list">
      <SectionCardHeader id="channel-list" title="Channel list" mb="sm">
        {data && (
          <Badge variant="light" color={data.enabled ? 'teal' : 'gray'}>
            {data.enabled ? 'Bot running' : 'Bot off'}
          </Badge>
        )}
      </SectionCardHeader>
      {isError && <Alert color="red">{error.message}</Alert>}
      {isPending && <Skeleton height={96} radius="md" />}
      {data && !data.enabled && (
        <Alert color="yellow" variant="light" mb="sm">
          The Telegram bot is not set up on this server (TELEGRAM_BOT_TOKEN), so nothing is posted.
        </Alert>
      )}
      {data?.channels.length === 0 && (
        <Text size="sm" c="dimmed">
          No channels yet.
        </Text>
      )}
      {data && data.channels.length > 0 && (
        <Stack component="ul" gap="sm" m={0} p={0} style={{ listStyle: 'none' }}>
          {data.channels.map((channel) => (
            <ChannelRow key={channel.id} channel={channel} botEnabled={data.enabled} />
          ))}
        </Stack>
      )}
    </SectionCard>
  );
}
