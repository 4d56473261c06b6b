import {
  Badge,
  Button,
  Card,
  Group,
  List,
  Modal,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconBrandTelegram } from '@tabler/icons-react';
import type { SubmitEvent } from 'react';
import { useState } from 'react';
import { TELEGRAM_BOT } from '../../../lib/site-config';
import { useSetUserValue } from '../api/set-user-value';

const CHAT_ID_PATTERN = /^-?\d{3,20}$/;

function RegisterTelegramModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const save = useSetUserValue();
  const [chatId, setChatId] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = chatId.trim();
    const problem =
      value === ''
        ? 'The Chat ID is required'
        : CHAT_ID_PATTERN.test(value)
          ? undefined
          : 'The Chat ID must be the number our bot sent you';
    setError(problem);
    if (problem) return;
    save.mutate(
      { key: 'my_telegram_chat_id', value },
      {
        onSuccess: () => {
          setChatId('');
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Register for Telegram alerts" centered>
      <form onSubmit={submit} noValidate aria-label="Link Telegram">
        <Stack gap="md">
          <List type="ordered" size="sm" spacing={6}>
            <List.Item>
              Open our bot{' '}
              <a href={TELEGRAM_BOT.href} target="_blank" rel="noopener noreferrer">
                {TELEGRAM_BOT.name}
              </a>{' '}
              in Telegram.
            </List.Item>
            <List.Item>
              Send it <code>/start</code>: it answers with your chat id, a number.
            </List.Item>
            <List.Item>Paste that number below.</List.Item>
          </List>
          <TextInput
            label="Telegram chat ID"
            inputMode="numeric"
            value={chatId}
            onChange={(event) => setChatId(event.currentTarget.value)}
            error={error}
            maxLength={21}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Spec §4 profile: Register when my_telegram_chat_id is empty, else Unregister (sets it to ''). */
export function TelegramCard({ chatId }: { chatId: string }) {
  const [opened, setOpened] = useState(false);
  const unregister = useSetUserValue();
  const registered = chatId !== '';

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="telegram-title">
      <Group justify="space-between" wrap="nowrap" mb={4}>
        <Group gap="xs" wrap="nowrap">
          <IconBrandTelegram size={22} color="var(--mantine-color-cyan-6)" aria-hidden="true" />
          <Title order={2} size="h4" id="telegram-title">
            Telegram
          </Title>
        </Group>
        <Badge color={registered ? 'teal' : 'gray'} variant="light">
          {registered ? 'Linked' : 'Not linked'}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {registered
          ? `Alerts go to the Telegram chat ${chatId}.`
          : 'Get your alerts as Telegram messages from our bot.'}
      </Text>
      {registered ? (
        <Button
          variant="light"
          color="red"
          loading={unregister.isPending}
          onClick={() => unregister.mutate({ key: 'my_telegram_chat_id', value: '' })}
        >
          Unregister
        </Button>
      ) : (
        <Button variant="light" color="cyan" onClick={() => setOpened(true)}>
          Register
        </Button>
      )}
      <RegisterTelegramModal opened={opened} onClose={() => setOpened(false)} />
    </Card>
  );
}
