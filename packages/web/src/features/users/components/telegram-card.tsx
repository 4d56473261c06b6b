import { Alert, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconBrandTelegram, IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { useStoredToken } from '../../../lib/use-stored-token';
import { currentUserQueryOptions } from '../api/current-user';
import { useTelegramInfo } from '../api/telegram';
import { useTelegramLink, useTelegramUnregister } from '../api/telegram-link';
import { SectionCard } from '../../../components/section-card';

/** How often the card asks whether the bot has linked the chat, while the user is in Telegram. */
export const LINK_POLL_MS = 2_000;

export const TELEGRAM_TEXTS = {
  off: 'Telegram alerts are not available: the Telegram bot is not set up on this server.',
  unknown: 'Could not check the Telegram bot. Please try again later.',
  waiting:
    'Open Telegram and press Start. This card shows Registered as soon as the bot confirms. The link works once, for 15 minutes.',
} as const;

/** While a Register link is out, the current user is reloaded until the bot has stored the chat. */
function useWaitForLink(waiting: boolean) {
  const token = useStoredToken();
  useQuery({
    ...currentUserQueryOptions(token),
    enabled: waiting && token !== null,
    refetchInterval: waiting ? LINK_POLL_MS : false,
  });
}

/**
 * Spec §4 profile: Registered when my_telegram_chat_id is set (Unregister empties it), otherwise
 * Register, which opens the bot through a one-time deep link (`t.me/<bot>?start=<code>`); the
 * bot stores the chat. Without a bot on the server the card says so and Register is off.
 */
export function TelegramCard({ chatId }: { chatId: string }) {
  const info = useTelegramInfo();
  const link = useTelegramLink();
  const unregister = useTelegramUnregister();
  const [deepLink, setDeepLink] = useState<string | null>(null);
  const registered = chatId !== '';
  const botOff = info.data?.enabled === false;
  const bot = info.data?.bot_username ? `@${info.data.bot_username}` : 'our bot';
  useWaitForLink(deepLink !== null && !registered);

  const register = () => {
    link.mutate(undefined, { onSuccess: ({ url }) => setDeepLink(url) });
  };

  let body: ReactNode;
  if (registered) {
    body = (
      <>
        <Text size="sm" c="dimmed">
          Registered: alerts and the bot&apos;s answers come to your Telegram chat with {bot}. Send
          /help there for the commands.
        </Text>
        <Group>
          <Button
            variant="light"
            color="red"
            loading={unregister.isPending}
            onClick={() => unregister.mutate(undefined, { onSuccess: () => setDeepLink(null) })}
          >
            Unregister
          </Button>
        </Group>
      </>
    );
  } else if (botOff) {
    body = (
      <>
        <Text size="sm" c="dimmed">
          {TELEGRAM_TEXTS.off}
        </Text>
        <Group>
          <Button variant="light" color="cyan" disabled>
            Register
          </Button>
        </Group>
      </>
    );
  } else if (deepLink) {
    body = (
      <>
        <Alert color="cyan" variant="light" title="Almost there">
          {TELEGRAM_TEXTS.waiting}
        </Alert>
        <Group>
          <Button
            component="a"
            href={deepLink}
            target="_blank"
            rel="noopener noreferrer"
            color="cyan"
            rightSection={<IconExternalLink size={16} aria-hidden="true" />}
          >
            Open Telegram
          </Button>
          <Button variant="subtle" color="gray" onClick={() => setDeepLink(null)}>
            Cancel
          </Button>
        </Group>
      </>
    );
  } else {
    body = (
      <>
        <Text size="sm" c="dimmed">
          {info.isError
            ? TELEGRAM_TEXTS.unknown
            : `Get your alerts as Telegram messages from ${bot}. Register opens Telegram; press Start there to link this account.`}
        </Text>
        <Group>
          <Button
            variant="light"
            color="cyan"
            loading={link.isPending}
            disabled={!info.data}
            onClick={register}
          >
            Register
          </Button>
        </Group>
      </>
    );
  }

  return (
    <SectionCard labelledBy="telegram-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconBrandTelegram size={22} color="var(--mantine-color-cyan-6)" aria-hidden="true" />
            <Title order={2} size="h4" id="telegram-title">
              Telegram
            </Title>
          </Group>
          <Badge color={registered ? 'teal' : 'gray'} variant="light">
            {registered ? 'Registered' : 'Not registered'}
          </Badge>
        </Group>
        {body}
      </Stack>
    </SectionCard>
  );
}
