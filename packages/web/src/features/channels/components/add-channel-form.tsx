import { channelAddRequestSchema } from '@app/shared/api/telegram';
import type { ChannelKind } from '@app/shared/api/telegram';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useAddChannel } from '../api/channels';
import { KIND_LABELS } from './channel-kinds';
import { SectionCard } from '../../../components/section-card';

type Values = { chat_id: string; title: string; kinds: ChannelKind[] };

/** Adds a channel: its chat id (or @name), a title, and what it receives. */
export function AddChannelForm() {
  const add = useAddChannel();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: { chat_id: '', title: '', kinds: ['alert', 'brief'] },
    validate: schemaResolver(channelAddRequestSchema, { sync: true }),
  });

  const submit = form.onSubmit((values) => {
    add.mutate(values, { onSuccess: () => form.reset() });
  });

  return (
    <SectionCard labelledBy="add-channel">
      <Title order={2} size="h4" id="add-channel" mb={4}>
        Add a channel
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Add the bot to the channel as an administrator first, then give its @name or chat id.
      </Text>
      <form onSubmit={submit} noValidate aria-label="Add a channel">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Chat id or @name"
              placeholder="@stockpulse_news or -1001234567890"
              {...form.getInputProps('chat_id')}
            />
            <TextInput
              label="Title"
              placeholder="StockPulse public channel"
              maxLength={120}
              {...form.getInputProps('title')}
            />
          </SimpleGrid>
          <Checkbox.Group label="Receives" {...form.getInputProps('kinds')}>
            <Group mt={6}>
              {(Object.keys(KIND_LABELS) as ChannelKind[]).map((kind) => (
                <Checkbox key={kind} value={kind} label={KIND_LABELS[kind]} />
              ))}
            </Group>
          </Checkbox.Group>
          <Group>
            <Button type="submit" loading={add.isPending}>
              Add channel
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
