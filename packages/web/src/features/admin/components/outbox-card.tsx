import { Accordion, Alert, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { timeAgo } from '@app/shared/display/timeago';
import { useState } from 'react';
import { useOutbox, useOutboxMail } from '../api/outbox';
import type { OutboxMessage } from '../api/outbox';
import classes from './outbox-card.module.css';
import { SectionCard } from '../../../components/section-card';
import { QueryStatus } from '../../../components/query-status';
import { formatDateTime } from '@app/shared/display/dates';

const DELIVERY_COLORS: Record<OutboxMessage['delivery'], string> = {
  sent: 'teal',
  logged: 'gray',
  failed: 'red',
};

/** The text of an opened mail, asked from the server when its row opens. */
function OutboxMailText({ id }: { id: string }) {
  const { data: mail, isPending, isError, error } = useOutboxMail(id);
  if (isError) return <Alert color="red">{error.message}</Alert>;
  if (isPending) return <Skeleton height={60} radius="sm" />;
  return <pre className={classes.text}>{mail.text}</pre>;
}

/** The latest e-mails of the server: recipient, subject, date; the text opens on demand. */
export function OutboxCard() {
  const { data: messages, isPending, error } = useOutbox();
  const [opened, setOpened] = useState<string | null>(null);
  return (
    <SectionCard labelledBy="admin-outbox">
      <Title order={2} size="h4" id="admin-outbox" mb={4}>
        Outbox
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Latest e-mails: confirmations, password recoveries and alerts.
      </Text>
      <QueryStatus pending={isPending} error={error} />
      {messages?.length === 0 && (
        <Text size="sm" c="dimmed">
          No e-mails yet.
        </Text>
      )}
      {messages && messages.length > 0 && (
        <Accordion
          variant="separated"
          radius="md"
          chevronPosition="right"
          value={opened}
          onChange={setOpened}
        >
          {messages.map((message) => (
            <Accordion.Item key={message.id} value={message.id}>
              <Accordion.Control>
                <Stack gap={2} miw={0}>
                  <Text size="sm" fw={600} truncate>
                    {message.subject}
                  </Text>
                  <Group gap={6} wrap="wrap">
                    <Text size="xs" c="dimmed">
                      To {message.to}
                    </Text>
                    <Text size="xs" c="dimmed" title={formatDateTime(message.creation_date)}>
                      · {timeAgo(message.creation_date)}
                    </Text>
                    <Badge size="xs" variant="light" color={DELIVERY_COLORS[message.delivery]}>
                      {message.delivery}
                    </Badge>
                  </Group>
                </Stack>
              </Accordion.Control>
              <Accordion.Panel>
                <Text size="xs" c="dimmed" mb={6}>
                  {formatDateTime(message.creation_date)}
                </Text>
                {opened === message.id && <OutboxMailText id={message.id} />}
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      )}
    </SectionCard>
  );
}
